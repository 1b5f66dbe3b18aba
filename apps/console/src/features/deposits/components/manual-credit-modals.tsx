import { Alert, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type ManualCredit,
  type OperatorDepositDetail,
  rejectManualCreditBodySchema,
  requestManualCreditBodySchema,
} from '@sorte/shared/contracts/payments';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionActions, ReasonField } from '../../../components/decision-form';
import { ApiError } from '../../../lib/api';
import { formatMinor } from '../../../lib/format';
import { useDecideManualCredit, useRequestManualCredit } from '../api/deposits';

/** Asking for a manual credit of an order, or deciding another operator's request. */
export type CreditDialog =
  | { action: 'request'; deposit: OperatorDepositDetail }
  | { action: 'approve' | 'reject'; deposit: OperatorDepositDetail; credit: ManualCredit };

const titles = {
  request: 'deposits.credit.requestTitle',
  approve: 'deposits.credit.approveTitle',
  reject: 'deposits.credit.rejectTitle',
} as const;

/** The confirmation of each manual credit step, naming the order, the player and the amount. */
export function ManualCreditModal({ dialog, onClose }: { dialog: CreditDialog | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={dialog !== null} onClose={onClose} title={dialog ? t(titles[dialog.action]) : ''} centered>
      {/* Mounted per opening: a request made in it keeps one id for its retries. */}
      {dialog ? (
        <CreditForm key={`${dialog.action}:${dialog.deposit.orderId}`} dialog={dialog} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function CreditForm({ dialog, onDone }: { dialog: CreditDialog; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const request = useRequestManualCredit();
  const decide = useDecideManualCredit();
  const mutation = dialog.action === 'request' ? request : decide;
  // One id per request, made when the dialog opens: sending again after a network or server error
  // finds the request the first try may have made. Only a refusal (4xx) gives a new one.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const [isReasonInvalid, setReasonInvalid] = useState(false);
  const { deposit } = dialog;
  const amount = formatMinor(deposit.amount, deposit.currency, i18n.language);
  const values = { amount, member: deposit.username, id: deposit.orderId, channel: deposit.channel };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const done = (key: 'requested' | 'approved' | 'rejected', colour: string) => () => {
      notifications.show({ color: colour, message: t(`deposits.credit.${key}`, values) });
      onDone();
    };
    if (dialog.action === 'approve') {
      decide.mutate(
        { action: 'approve', orderId: deposit.orderId, creditId: dialog.credit.id },
        { onSuccess: done('approved', 'green') },
      );
      return;
    }
    const schema =
      dialog.action === 'request'
        ? requestManualCreditBodySchema.shape.reason
        : rejectManualCreditBodySchema.shape.reason;
    const parsed = schema.safeParse(reason);
    if (!parsed.success) {
      setReasonInvalid(true);
      return;
    }
    setReasonInvalid(false);
    if (dialog.action === 'reject') {
      decide.mutate(
        { action: 'reject', orderId: deposit.orderId, creditId: dialog.credit.id, reason: parsed.data },
        { onSuccess: done('rejected', 'orange') },
      );
      return;
    }
    request.mutate(
      { orderId: deposit.orderId, reason: parsed.data, requestId },
      {
        onSuccess: done('requested', 'blue'),
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
        <Text size="xl" fw={700}>
          {amount}
        </Text>
        <Text size="sm">{t(`deposits.credit.${dialog.action}Text`, values)}</Text>
        <Text size="xs" c="dimmed">
          {deposit.orderId}
        </Text>
        {dialog.action !== 'request' ? (
          <Alert variant="light" color="gray" p="xs">
            <Text size="xs">{t('deposits.credit.askedBy', { by: dialog.credit.requestedBy })}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {dialog.credit.reason}
            </Text>
          </Alert>
        ) : null}
        {dialog.action !== 'approve' ? (
          <ReasonField
            label={t('deposits.credit.reasonLabel')}
            description={t(
              dialog.action === 'request' ? 'deposits.credit.reasonHint' : 'deposits.credit.rejectHint',
            )}
            invalidMessage={t(
              dialog.action === 'request' ? 'deposits.credit.reasonInvalid' : 'deposits.credit.rejectInvalid',
            )}
            invalid={isReasonInvalid}
            value={reason}
            onChange={setReason}
          />
        ) : null}
        <DecisionActions
          error={mutation.isError ? mutation.error : null}
          pending={mutation.isPending}
          onCancel={onDone}
          confirmColor={dialog.action === 'reject' ? 'red' : 'green'}
          confirmLabel={t(`deposits.credit.${dialog.action}Confirm`, values)}
          confirmAutofocus={dialog.action === 'approve'}
        />
      </Stack>
    </form>
  );
}
