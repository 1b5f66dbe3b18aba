import { Button, Select, Table, TextInput } from '@mantine/core';
import { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import { DAILY_REPORT_MAX_DAYS } from '@sorte/shared/contracts/console-reports';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ReportMerchantCode } from '../api/reports';
import { addDays, defaultRange, rangeProblem } from './report-days';

export const everyMerchant = 'all';
const isMerchant = (value: string | null): value is ReportMerchantCode =>
  (operatorMerchantCodes as readonly (string | null)[]).includes(value);

/**
 * A report's filters, kept in the address (so a report can be shared, and the tabs of the reports
 * page keep one range): from and to (the last 30 days by default), the merchant (all, unless the
 * operator is limited to one: the server answers their own then) and the report's own choices.
 */
export function useReportFilters(merchantLocked: boolean) {
  const [search, setSearch] = useSearchParams();
  const fallback = defaultRange();
  const from = search.get('from') ?? fallback.from;
  const to = search.get('to') ?? fallback.to;
  const merchantParam = search.get('merchant');
  const merchantCode = !merchantLocked && isMerchant(merchantParam) ? merchantParam : null;

  const apply = (range: { from: string; to: string; merchant: string }) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', range.from);
        next.set('to', range.to);
        if (range.merchant === everyMerchant) next.delete('merchant');
        else next.set('merchant', range.merchant);
        return next;
      },
      { replace: false },
    );

  /** One of the report's own choices, or `fallback` when the address has none of `allowed`. */
  const choice = <T extends string>(name: string, allowed: readonly T[], fallbackValue: T): T => {
    const value = search.get(name);
    return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallbackValue;
  };
  const choose = (name: string, value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: false },
    );

  return {
    from,
    to,
    merchantCode,
    merchantLocked,
    problem: rangeProblem(from, to),
    apply,
    choice,
    choose,
  };
}

export type ReportFilters = ReturnType<typeof useReportFilters>;

/** From, to (the browser's date pickers) and the merchant; applied with the button or Enter. */
export function RangeForm({ filters }: { filters: ReportFilters }) {
  const { t } = useTranslation();
  const { from, to, merchantCode, merchantLocked, apply } = filters;
  const merchant = merchantCode ?? everyMerchant;
  const [fromText, setFromText] = useState(from);
  const [toText, setToText] = useState(to);
  const [merchantValue, setMerchantValue] = useState(merchant);
  // The address may change the range (back button): the fields follow.
  useEffect(() => setFromText(from), [from]);
  useEffect(() => setToText(to), [to]);
  useEffect(() => setMerchantValue(merchant), [merchant]);
  const problem = rangeProblem(fromText, toText);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ from: fromText, to: toText, merchant: merchantValue });
  };

  return (
    <form
      onSubmit={submit}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 'var(--mantine-spacing-sm)',
        alignItems: 'flex-end',
        maxWidth: '100%',
      }}
    >
      <TextInput
        type="date"
        label={t('reports.from')}
        w={170}
        required
        value={fromText}
        max={toText || undefined}
        min={toText && !rangeProblem(toText, toText) ? addDays(toText, 1 - DAILY_REPORT_MAX_DAYS) : undefined}
        onChange={(event) => setFromText(event.currentTarget.value)}
        error={problem === 'fromInvalid' ? t('reports.problems.fromInvalid') : undefined}
      />
      <TextInput
        type="date"
        label={t('reports.to')}
        w={170}
        required
        value={toText}
        min={fromText || undefined}
        onChange={(event) => setToText(event.currentTarget.value)}
        error={
          problem && problem !== 'fromInvalid'
            ? t(`reports.problems.${problem}`, { max: DAILY_REPORT_MAX_DAYS })
            : undefined
        }
      />
      {merchantLocked ? null : (
        <Select
          label={t('reports.merchant')}
          w={200}
          allowDeselect={false}
          value={merchantValue}
          onChange={(value) => setMerchantValue(value ?? everyMerchant)}
          data={[
            { value: everyMerchant, label: t('common.allMerchants') },
            ...operatorMerchantCodes.map((code) => ({
              value: code,
              label: `${t(`merchants.${code}`)} (${code})`,
            })),
          ]}
        />
      )}
      <Button type="submit" variant="light" disabled={problem !== null}>
        {t('reports.apply')}
      </Button>
    </form>
  );
}

/**
 * A report's table. On a narrow screen it scrolls sideways inside its own box (a focusable region,
 * so the keyboard scrolls it too) and the page keeps the screen's width: a native scroll box whose
 * width is its parent's, never its table's.
 */
export function ReportTableBox({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ maxWidth: '100%', minWidth: 0 }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
