import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DepositForm } from '../../features/deposit/components/deposit-form';
import { DepositHistory } from '../../features/deposit/components/deposit-history';
import { DepositOrderView } from '../../features/deposit/components/deposit-order-view';
import { MemberPageHeader } from '../../features/member/components/member-shell';

/** Depositv2: the form, or the open order (?order=…, so a reload keeps it), and recent orders. */
export default function DepositPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order');
  const open = (id: string | null) => {
    setParams(id ? { order: id } : {});
    window.scrollTo({ top: 0 });
  };
  return (
    <>
      <MemberPageHeader title={t('member.menu.deposit')} lead={t('member.deposit.lead')} />
      {orderId ? (
        <DepositOrderView key={orderId} orderId={orderId} onNewDeposit={() => open(null)} />
      ) : (
        <DepositForm onCreated={(order) => open(order.orderId)} />
      )}
      <DepositHistory onOpen={open} />
    </>
  );
}
