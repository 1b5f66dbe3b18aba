import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Adjustment, rejectAdjustmentBodySchema } from '@sorte/shared/contracts/console';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionActions, ReasonField } from '../../../components/decision-form';
import { formatMinor } from '../../../lib/format';
import { useDecideAdjustment } from '../api/adjustments';

export type PendingDecision = { action: 'approve' | 'reject'; adjustment: Adjustment };

/**
 * The second operator's confirmation, naming the player, the direction and the amount. A refusal
 * (FOUR_EYES_REQUIRED when it is one's own request, already decided) shows the server's message.
 */
export function AdjustmentDecisionModal({
  decision,
  onClose,
}: {
  decision: PendingDecision | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={decision !== null}
      onClose={onClose}
      title={
        decision
          ? t(decision.action === 'approve' ? 'adjustments.approveTitle' : 'adjustments.rejectTitle')
          : ''
      }
      centered
    >
      {decision ? (
        <DecisionForm
          key={`${decision.action}:${decision.adjustment.id}`}
          decision={decision}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function DecisionForm({ decision, onDone }: { decision: PendingDecision; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const decide = useDecideAdjustment();
  const [reason, setReason] = useState('');
  const [isReasonInvalid, setReasonInvalid] = useState(false);
  const { adjustment, action } = decision;
  const amount = formatMinor(adjustment.amount, adjustment.currency, i18n.language);
  const values = {
    amount,
    username: adjustment.username,
    account: t(`adjustments.accounts.${adjustment.account}`),
    requestedBy: adjustment.requestedBy,
    id: adjustment.id,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action === 'approve') {
      decide.mutate(
        { action, adjustment },
        {
          onSuccess: (decided) => {
            notifications.show({
              color: decided.status === 'applied' ? 'green' : 'orange',
              message:
                decided.status === 'applied'
                  ? t('adjustments.approvedDone', values)
                  : t('adjustments.decidedDone', {
                      ...values,
                      status: t(`adjustments.statuses.${decided.status}`),
                    }),
            });
            onDone();
          },
        },
      );
      return;
    }
    const parsed = rejectAdjustmentBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonInvalid(true);
      return;
    }
    setReasonInvalid(false);
    decide.mutate(
      { action, adjustment, reason: parsed.data.reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'orange', message: t('adjustments.rejectedDone', values) });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="xl" fw={700} c={adjustment.direction === 'credit' ? 'green' : 'red'}>
          {adjustment.direction === 'credit' ? '+' : '−'}
          {amount}
        </Text>
        <Text size="sm">
          {action === 'approve'
            ? t(`adjustments.approveText.${adjustment.direction}`, values)
            : t('adjustments.rejectText', values)}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('adjustments.askedBy', values)} “{adjustment.reason}”
        </Text>
        {action === 'reject' ? (
          <ReasonField
            label={t('adjustments.rejectReason')}
            description={t('adjustments.rejectReasonHint')}
            invalidMessage={t('adjustments.rejectReasonInvalid')}
            invalid={isReasonInvalid}
            value={reason}
            onChange={setReason}
          />
        ) : null}
        <DecisionActions
          error={decide.isError ? decide.error : null}
          pending={decide.isPending}
          onCancel={onDone}
          confirmColor={action === 'approve' ? 'green' : 'red'}
          confirmLabel={
            action === 'approve' ? t('adjustments.approveConfirm', values) : t('adjustments.rejectConfirm')
          }
        />
      </Stack>
    </form>
  );
}
