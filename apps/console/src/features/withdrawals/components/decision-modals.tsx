import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { rejectWithdrawalBodySchema } from '@sorte/shared/contracts/payments';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionActions, ReasonField } from '../../../components/decision-form';
import { formatMinor } from '../../../lib/format';
import { type DecisionAction, type OperatorWithdrawal, useDecideWithdrawal } from '../api/withdrawals';
import { memberOf, payeeOf } from './describe';

export type Decision = { action: DecisionAction; withdrawal: OperatorWithdrawal };

/** The keys of each decision's texts. Reject and return need a reason; the others pay out. */
const texts = {
  approve: {
    title: 'withdrawals.approveTitle',
    text: 'withdrawals.approveText',
    confirm: 'withdrawals.approveConfirm',
    done: 'withdrawals.approved',
  },
  retry: {
    title: 'withdrawals.retryTitle',
    text: 'withdrawals.retryText',
    confirm: 'withdrawals.retryConfirm',
    done: 'withdrawals.retried',
  },
  reject: {
    title: 'withdrawals.rejectTitle',
    text: 'withdrawals.rejectText',
    confirm: 'withdrawals.rejectConfirm',
    done: 'withdrawals.rejected',
  },
  return: {
    title: 'withdrawals.returnTitle',
    text: 'withdrawals.returnText',
    confirm: 'withdrawals.returnConfirm',
    done: 'withdrawals.returned',
  },
} as const;

const needsReason = (action: DecisionAction) => action === 'reject' || action === 'return';

/** The confirmation of a decision on a withdrawal, naming the amount and the member. */
export function DecisionModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={decision !== null}
      onClose={onClose}
      title={decision ? t(texts[decision.action].title) : ''}
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
  const values = {
    amount,
    member: memberOf(withdrawal),
    channel: withdrawal.channel,
    payee: payeeOf(withdrawal),
    error: withdrawal.payoutError ?? t('common.none'),
  };
  const isPayout = !needsReason(action);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const onSuccess = () => {
      notifications.show({
        color: isPayout ? 'green' : 'orange',
        message: t(texts[action].done, { id: withdrawal.withdrawalId }),
      });
      onDone();
    };
    const { withdrawalId } = withdrawal;
    if (action === 'approve' || action === 'retry') {
      decide.mutate({ withdrawalId, action }, { onSuccess });
      return;
    }
    const parsed = rejectWithdrawalBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonInvalid(true);
      return;
    }
    setReasonInvalid(false);
    decide.mutate({ withdrawalId, action, reason: parsed.data.reason }, { onSuccess });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="xl" fw={700}>
          {amount}
        </Text>
        <Text size="sm">{t(texts[action].text, values)}</Text>
        <Text size="xs" c="dimmed">
          {withdrawal.withdrawalId}
        </Text>
        {needsReason(action) ? (
          <ReasonField
            label={t('withdrawals.reasonLabel')}
            description={t('withdrawals.reasonHint')}
            invalidMessage={t('withdrawals.reasonInvalid')}
            invalid={isReasonInvalid}
            value={reason}
            onChange={setReason}
          />
        ) : null}
        <DecisionActions
          error={decide.isError ? decide.error : null}
          pending={decide.isPending}
          onCancel={onDone}
          confirmColor={isPayout ? 'green' : 'red'}
          confirmLabel={t(texts[action].confirm, { amount })}
        />
      </Stack>
    </form>
  );
}
