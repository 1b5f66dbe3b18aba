import { contractKinds } from '@sorte/shared/contracts/agent-contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useConsolidatedInfo } from '../../features/agent-centre/api';
import { PanelHead } from '../../features/agent-centre/components/agent-menu';
import { ContractKindPage, ContractKindView } from '../../features/agent-centre/components/contract-kind';
import { contractFlag } from '../../features/agent-centre/menu';

export { MyIncome as IncomePage } from '../../features/agent-centre/components/income';
export { AgentLinksPage as LinksPage } from '../../features/agent-centre/components/links';
/** The pages of the agent centre's right panel (routes in app/routes.tsx). */
export { TeamOverviewView as OverviewPage } from '../../features/agent-centre/components/overview';
export { RegisterCentre as RegisterPage } from '../../features/agent-centre/components/register-form';
export { TeamList as TeamPage } from '../../features/agent-centre/components/team-list';
export {
  AgentAnnouncements as AnnouncementsPage,
  AgentCustomerService as CustomerServicePage,
} from './centre-extras';
export {
  TeamBetting as BettingPage,
  TeamProfitLoss as ProfitLossPage,
  TeamTransactions as TransactionsPage,
} from './team-records';
export { TransferToDownline as TransferPage } from './transfer-to-downline';

export const DividendPage = () => <ContractKindPage kind="dividend" />;
export const DailySalaryPage = () => <ContractKindPage kind="dailySalary" />;
export const HourlySalaryPage = () => <ContractKindPage kind="hourlySalary" />;
export const RealtimeSalaryPage = () => <ContractKindPage kind="realtimeSalary" />;

/** Team management → a direct downline agent's contracts of every kind, with an offer form per kind. */
export function MemberContractsPage() {
  const { t } = useTranslation('agent');
  const { memberId = '' } = useParams();
  const info = useConsolidatedInfo().data;
  return (
    <>
      <PanelHead title={t('team.memberContracts')} />
      <Link to="/agentHome/team">{t('team.back')}</Link>
      {contractKinds.map((kind) => (
        <section key={kind}>
          <h2>{t(`menu.${kind}`)}</h2>
          <ContractKindView
            kind={kind}
            memberId={memberId}
            canOffer={info !== undefined && contractFlag(info, kind) === 1}
          />
        </section>
      ))}
    </>
  );
}
