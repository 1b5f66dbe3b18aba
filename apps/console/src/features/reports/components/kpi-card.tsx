import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeOf } from '../../../lib/format';

export type KpiFigure = {
  label: string;
  /** Today's figure, formatted. */
  today: string;
  /** A second line under it (a count beside an amount). */
  todayDetail?: string;
  /** Yesterday's, formatted; absent for a figure of now (pending withdrawals). */
  yesterday?: string;
  /** The raw figures the change is computed from (counts or minor units). */
  change?: { today: number; yesterday: number };
  /** More is worse (withdrawals): the change is coloured the other way. */
  isLowerBetter?: boolean;
  /** Shown instead of the comparison. */
  note?: string;
};

const arrows = { up: '▲', down: '▼', flat: '=', new: '★' } as const;

/** One figure of today against yesterday, with the change in percent. */
export function KpiCard({ figure }: { figure: KpiFigure }) {
  const { t, i18n } = useTranslation();
  const change = figure.change ? changeOf(figure.change.today, figure.change.yesterday, i18n.language) : null;
  const isGood =
    change && (change.direction === 'up' || change.direction === 'new') !== Boolean(figure.isLowerBetter);
  const colour = !change || change.direction === 'flat' ? 'gray' : isGood ? 'teal' : 'red';
  const changeText = !change
    ? ''
    : change.direction === 'new'
      ? t('dashboard.changeNew')
      : change.direction === 'flat'
        ? t('dashboard.changeFlat')
        : change.text;

  return (
    <Card withBorder padding="md" component="article" aria-label={figure.label}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" fw={600}>
            {figure.label}
          </Text>
          {change ? (
            <Badge
              color={colour}
              variant="light"
              style={{ flexShrink: 0 }}
              title={t('dashboard.changeTitle')}
              aria-label={t('dashboard.changeLabel', { change: changeText })}
            >
              <span aria-hidden="true">{arrows[change.direction]} </span>
              {changeText}
            </Badge>
          ) : null}
        </Group>
        <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
          {figure.today}
        </Text>
        {figure.todayDetail ? (
          <Text size="sm" c="dimmed">
            {figure.todayDetail}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {figure.yesterday !== undefined
            ? t('dashboard.yesterday', { value: figure.yesterday })
            : (figure.note ?? '')}
        </Text>
      </Stack>
    </Card>
  );
}
