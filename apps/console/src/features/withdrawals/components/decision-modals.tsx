import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { rejectWithdrawalBodySchema } from '@sorte/shared/contracts/payments';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { formatMinor } from '../../../lib/format';
import { type OperatorWithdrawal, useDecideWithdrawal } from '../api/withdrawals';
import { memberOf, payeeOf } from './describe';

export type Decision = { action: 'approve' | 'reject'; withdrawal: OperatorWithdrawal };

/** The confirmation of an approval or a rejection, naming the amount and the member. */
export function DecisionModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={decision !== null}
      onClose={onClose}
      title={decision?.action === 'reject' ? t('withdrawals.rejectTitle') : t('withdrawals.approveTitle')}
      centered
    >
      {decision ? (
        <DecisionForm
          key={`${decision.action}:${decision.withdrawal.withdrawalId}`}
          decision={decision}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function DecisionForm({ decision, onDone }: { decision: Decision; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const decide = useDecideWithdrawal();
  const [reason, setReason] = useState('');
  const [isReasonInvalid, setReasonInvalid] = useState(false);
  const { withdrawal, action } = decision;
  const amount = formatMinor(withdrawal.amount, withdrawal.currency, i18n.language);
  const member = memberOf(withdrawal);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const onSuccess = () => {
      notifications.show({
        color: action === 'approve' ? 'green' : 'orange',
        message: t(action === 'approve' ? 'withdrawals.approved' : 'withdrawals.rejected', {
          id: withdrawal.withdrawalId,
        }),
      });
      onDone();
    };
    if (action === 'approve') {
      decide.mutate({ withdrawalId: withdrawal.withdrawalId, action }, { onSuccess });
      return;
    }
    const parsed = rejectWithdrawalBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonInvalid(true);
      return;
    }
    setReasonInvalid(false);
    decide.mutate(
      { withdrawalId: withdrawal.withdrawalId, action, reason: parsed.data.reason },
      { onSuccess },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="xl" fw={700}>
          {amount}
        </Text>
        <Text size="sm">
          {action === 'approve'
            ? t('withdrawals.approveText', {
                amount,
                member,
                channel: withdrawal.channel,
                payee: payeeOf(withdrawal),
              })
            : t('withdrawals.rejectText', { amount, member })}
        </Text>
        <Text size="xs" c="dimmed">
          {withdrawal.withdrawalId}
        </Text>
        {action === 'reject' ? (
          <Textarea
            label={t('withdrawals.reasonLabel')}
            description={t('withdrawals.reasonHint')}
            required
            autosize
            minRows={3}
            maxLength={256}
            data-autofocus
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={isReasonInvalid ? t('withdrawals.reasonInvalid') : undefined}
          />
        ) : null}
        {decide.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(decide.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={decide.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color={action === 'approve' ? 'green' : 'red'} loading={decide.isPending}>
            {action === 'approve'
              ? t('withdrawals.approveConfirm', { amount })
              : t('withdrawals.rejectConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
