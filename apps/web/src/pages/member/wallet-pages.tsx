import { useTranslation } from 'react-i18next';
import { MemberPageHeader } from '../../features/member/components/member-shell';
import { TransferToUplineForm } from '../../features/wallet/components/transfer-to-upline-form';
import { WalletTransferForm } from '../../features/wallet/components/wallet-transfer-form';
import { usePayeeAccounts } from '../../features/withdraw/api/withdraw';

/** walletTransfer: main wallet ⇄ vendor wallets (only listed in the menu when not single). */
export function WalletTransferPage() {
  const { t } = useTranslation();
  return (
    <>
      <MemberPageHeader title={t('member.menu.walletTransfer')} lead={t('member.walletTransfer.lead')} />
      <WalletTransferForm />
    </>
  );
}

/** transferToUpline: the payment password is asked when the member has set one. */
export function TransferToUplinePage() {
  const { t } = useTranslation();
  const payees = usePayeeAccounts();
  return (
    <>
      <MemberPageHeader title={t('member.menu.transferToUpline')} lead={t('member.upline.lead')} />
      <TransferToUplineForm needsPaymentPassword={payees.data?.hasPaymentPassword ?? false} />
    </>
  );
}
