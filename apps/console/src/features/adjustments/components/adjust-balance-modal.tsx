import {
  Alert,
  Anchor,
  Button,
  Group,
  Input,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type Adjustment, createAdjustmentBodySchema } from '@sorte/shared/contracts/console';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatMinor } from '../../../lib/format';
import { parseMajorAmount } from '../../../lib/money-input';
import { useRequestAdjustment } from '../api/adjustments';
import { AdjustmentStatusBadge } from './adjustment-status-badge';

/** The largest amount the server accepts, in minor units. */
const maxAmountMinor = createAdjustmentBodySchema.shape.amount.maxValue ?? 100_000_000_000;
const reasonSchema = createAdjustmentBodySchema.shape.reason;

export type AdjustedPlayer = { id: string; username: string; currency: string };

/** "Adjust balance": credit or debit a player's cash or bonus, then what became of the request. */
export function AdjustBalanceModal({
  player,
  opened,
  onClose,
  onRequested,
}: {
  player: AdjustedPlayer;
  opened: boolean;
  onClose: () => void;
  /** The server took the request (applied or waiting): the balances may have changed. */
  onRequested?: (adjustment: Adjustment) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('adjustments.requestTitle', { username: player.username })}
      centered
    >
      {/* Mounted per opening: each opening is one request with its own id. */}
      {opened ? <AdjustBalanceForm player={player} onDone={onClose} onRequested={onRequested} /> : null}
    </Modal>
  );
}

function AdjustBalanceForm({
  player,
  onDone,
  onRequested,
}: {
  player: AdjustedPlayer;
  onDone: () => void;
  onRequested?: (adjustment: Adjustment) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const request = useRequestAdjustment();
  // One id per request, made when the dialog opens: sending again after a network error or a
  // server error finds the adjustment the first try may have made, never a second one. Only a
  // refusal (a 4xx answer, nothing applied) gives the corrected request a new id.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [account, setAccount] = useState<'cash' | 'bonus'>('cash');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [isTouched, setTouched] = useState(false);
  const directionLabelId = useId();
  const accountLabelId = useId();

  const amount = parseMajorAmount(amountText, maxAmountMinor);
  const parsedReason = reasonSchema.safeParse(reason);
  const money = (minor: number) => formatMinor(minor, player.currency, lang);
  const values = {
    amount: amount === null ? '' : money(amount),
    username: player.username,
    account: t(`adjustments.accounts.${account}`),
  };

  if (request.data) return <RequestOutcome adjustment={request.data} onDone={onDone} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (amount === null || !parsedReason.success) return;
    request.mutate(
      { memberId: player.id, direction, account, amount, reason: parsedReason.data, requestId },
      {
        onSuccess: (adjustment) => onRequested?.(adjustment),
        onError: (error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500)
            setRequestId(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Input.Wrapper label={t('adjustments.direction')} id={directionLabelId} labelElement="div">
          <SegmentedControl
            fullWidth
            aria-labelledby={`${directionLabelId}-label`}
            value={direction}
            onChange={(value) => setDirection(value as 'credit' | 'debit')}
            data={[
              { value: 'credit', label: t('adjustments.directions.credit') },
              { value: 'debit', label: t('adjustments.directions.debit') },
            ]}
          />
        </Input.Wrapper>
        <Input.Wrapper label={t('adjustments.account')} id={accountLabelId} labelElement="div">
          <SegmentedControl
            fullWidth
            aria-labelledby={`${accountLabelId}-label`}
            value={account}
            onChange={(value) => setAccount(value as 'cash' | 'bonus')}
            data={[
              { value: 'cash', label: t('adjustments.accounts.cash') },
              { value: 'bonus', label: t('adjustments.accounts.bonus') },
            ]}
          />
        </Input.Wrapper>
        <TextInput
          label={t('adjustments.amount', { currency: player.currency })}
          description={t('adjustments.amountHint')}
          placeholder="150.00"
          inputMode="decimal"
          autoComplete="off"
          required
          data-autofocus
          value={amountText}
          onChange={(event) => setAmountText(event.currentTarget.value)}
          error={isTouched && amount === null ? t('adjustments.amountInvalid') : undefined}
          rightSectionWidth={56}
          rightSection={
            <Text size="xs" c="dimmed">
              {player.currency}
            </Text>
          }
        />
        <Textarea
          label={t('adjustments.reason')}
          description={t('adjustments.reasonHint')}
          required
          autosize
          minRows={2}
          maxLength={256}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={isTouched && !parsedReason.success ? t('adjustments.reasonInvalid') : undefined}
        />
        <Alert color={direction === 'credit' ? 'green' : 'orange'} variant="light" aria-live="polite">
          <Text size="sm">
            {amount === null ? t('adjustments.previewEmpty') : t(`adjustments.preview.${direction}`, values)}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('adjustments.fourEyesHint')}
          </Text>
        </Alert>
        {request.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(request.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={request.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color={direction === 'credit' ? 'green' : 'red'} loading={request.isPending}>
            {amount === null
              ? t(`adjustments.submit.${direction}`)
              : t(`adjustments.submitAmount.${direction}`, values)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Applied at once, or waiting for a second operator (or, rarely, failed at once). */
function RequestOutcome({ adjustment, onDone }: { adjustment: Adjustment; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const values = {
    amount: formatMinor(adjustment.amount, adjustment.currency, i18n.language),
    username: adjustment.username,
    account: t(`adjustments.accounts.${adjustment.account}`),
    id: adjustment.id,
  };
  const outcome =
    adjustment.status === 'applied'
      ? {
          color: 'green',
          title: t('adjustments.outcome.appliedTitle'),
          text: t(`adjustments.outcome.applied.${adjustment.direction}`, values),
        }
      : adjustment.status === 'pending' || adjustment.status === 'approved'
        ? {
            color: 'yellow',
            title: t('adjustments.outcome.pendingTitle'),
            text: t('adjustments.outcome.pending', values),
          }
        : {
            color: 'red',
            title: t('adjustments.outcome.otherTitle'),
            text: t('adjustments.outcome.other', values),
          };
  return (
    <Stack gap="md">
      <Alert color={outcome.color} title={outcome.title} role="status">
        <Text size="sm">{outcome.text}</Text>
        <Group gap="xs" mt="xs">
          <AdjustmentStatusBadge status={adjustment.status} />
          <Text size="xs" c="dimmed">
            {t('adjustments.number', { id: adjustment.id })}
          </Text>
        </Group>
      </Alert>
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to="/adjustments" size="sm">
          {t('adjustments.openList')}
        </Anchor>
        <Button onClick={onDone} data-autofocus>
          {t('common.done')}
        </Button>
      </Group>
    </Stack>
  );
}
