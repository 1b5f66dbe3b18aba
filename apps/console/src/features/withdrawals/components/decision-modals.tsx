import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { rejectWithdrawalBodySchema, resolveDisputeBodySchema } from '@sorte/shared/contracts/payments';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionActions, ReasonField } from '../../../components/decision-form';
import { formatMinor } from '../../../lib/format';
import {
  type DecisionAction,
  type DisputeAction,
  type OperatorWithdrawal,
  useDecideWithdrawal,
  useResolveDispute,
} from '../api/withdrawals';
import { memberOf, payeeOf } from './describe';

export type Decision = { action: DecisionAction; withdrawal: OperatorWithdrawal };

/** The keys of each decision's texts. All but approve and retry need a reason. */
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
  disputeResend: {
    title: 'withdrawals.dispute.resendTitle',
    text: 'withdrawals.dispute.resendText',
    confirm: 'withdrawals.dispute.resendConfirm',
    done: 'withdrawals.dispute.resent',
  },
  disputeReturn: {
    title: 'withdrawals.dispute.returnTitle',
    text: 'withdrawals.dispute.returnText',
    confirm: 'withdrawals.dispute.returnConfirm',
    done: 'withdrawals.dispute.returned',
  },
  disputeReject: {
    title: 'withdrawals.dispute.rejectTitle',
    text: 'withdrawals.dispute.rejectText',
    confirm: 'withdrawals.dispute.rejectConfirm',
    done: 'withdrawals.dispute.rejected',
  },
} as const;

const resolutions = {
  disputeResend: 'resent',
  disputeReturn: 'returned',
  disputeReject: 'rejected',
} as const;

const isDisputeAction = (action: DecisionAction): action is DisputeAction => action in resolutions;
const needsReason = (action: DecisionAction) => action !== 'approve' && action !== 'retry';
/** Money goes to the player (green); a refusal is red. */
const isPayout = (action: DecisionAction) =>
  action === 'approve' || action === 'retry' || action === 'disputeResend' || action === 'disputeReturn';

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
  const resolve = useResolveDispute();
  const [reason, setReason] = useState('');
  const [isReasonInvalid, setReasonInvalid] = useState(false);
  const { withdrawal, action } = decision;
  const isDispute = isDisputeAction(action);
  const mutation = isDispute ? resolve : decide;
  // A dispute is about what the member says is missing, not the whole withdrawal.
  const amount = formatMinor(
    isDispute && withdrawal.dispute ? withdrawal.dispute.amount : withdrawal.amount,
    withdrawal.currency,
    i18n.language,
  );
  const values = {
    amount,
    member: memberOf(withdrawal),
    channel: withdrawal.channel,
    payee: payeeOf(withdrawal),
    error: withdrawal.payoutError ?? t('common.none'),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const onSuccess = () => {
      notifications.show({
        color: isPayout(action) ? 'green' : 'orange',
        message: t(texts[action].done, { id: withdrawal.withdrawalId }),
      });
      onDone();
    };
    const { withdrawalId } = withdrawal;
    if (action === 'approve' || action === 'retry') {
      decide.mutate({ withdrawalId, action }, { onSuccess });
      return;
    }
    const parsed = (
      isDispute ? resolveDisputeBodySchema.shape.reason : rejectWithdrawalBodySchema.shape.reason
    ).safeParse(reason);
    if (!parsed.success) {
      setReasonInvalid(true);
      return;
    }
    setReasonInvalid(false);
    if (isDispute)
      resolve.mutate({ withdrawalId, resolution: resolutions[action], reason: parsed.data }, { onSuccess });
    else decide.mutate({ withdrawalId, action, reason: parsed.data }, { onSuccess });
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
            description={t(isDispute ? 'withdrawals.dispute.reasonHint' : 'withdrawals.reasonHint')}
            invalidMessage={t('withdrawals.reasonInvalid')}
            invalid={isReasonInvalid}
            value={reason}
            onChange={setReason}
          />
        ) : null}
        <DecisionActions
          error={mutation.isError ? mutation.error : null}
          pending={mutation.isPending}
          onCancel={onDone}
          confirmColor={isPayout(action) ? 'green' : 'red'}
          confirmLabel={t(texts[action].confirm, { amount })}
        />
      </Stack>
    </form>
  );
}
