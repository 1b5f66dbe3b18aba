import { Button, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DecisionAction, OperatorWithdrawal } from '../api/withdrawals';
import type { Decision } from './decision-modals';
import { decisionsFor } from './describe';

const looks = {
  approve: { color: 'green', variant: 'filled', label: 'withdrawals.approve' },
  retry: { color: 'green', variant: 'filled', label: 'withdrawals.retry' },
  reject: { color: 'red', variant: 'light', label: 'withdrawals.reject' },
  return: { color: 'red', variant: 'light', label: 'withdrawals.return' },
  disputeResend: { color: 'green', variant: 'filled', label: 'withdrawals.dispute.resend' },
  disputeReturn: { color: 'blue', variant: 'light', label: 'withdrawals.dispute.return' },
  disputeReject: { color: 'red', variant: 'light', label: 'withdrawals.dispute.reject' },
} as const;

/** The decisions the withdrawal allows now (or the ones given), each opening its confirmation. */
export function DecisionButtons({
  withdrawal,
  size,
  onDecide,
  actions = decisionsFor(withdrawal),
}: {
  withdrawal: OperatorWithdrawal;
  size: MantineSize;
  onDecide: (decision: Decision) => void;
  actions?: readonly DecisionAction[];
}) {
  const { t } = useTranslation();
  return actions.map((action) => (
    <Button
      key={action}
      size={size}
      color={looks[action].color}
      variant={looks[action].variant}
      onClick={() => onDecide({ action, withdrawal })}
    >
      {t(looks[action].label)}
    </Button>
  ));
}
