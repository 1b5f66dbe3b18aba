import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import type { AgentMenuItem } from '../menu';
import styles from './agent-centre.module.css';

/** The spec's left menu: one link per page, each its own address under /agentHome. */
export function AgentMenu({ items, onPick }: { items: AgentMenuItem[]; onPick?: () => void }) {
  const { t } = useTranslation('agent');
  return (
    <nav aria-label={t('menu.label')}>
      <ul className={styles.menuList}>
        {items.map((item) => (
          <li key={item.id}>
            <NavLink
              to={`/agentHome/${item.id}`}
              className={styles.menuLink}
              onClick={onPick}
              data-menu-item={item.id}
            >
              <Icon name={item.icon} size={18} />
              {t(`menu.${item.id}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The right panel's heading: the page's name and a line on what it shows. */
export function PanelHead({ title, lead }: { title: string; lead?: string }) {
  return (
    <>
      <div className={styles.panelHead}>
        <h1>{title}</h1>
      </div>
      {lead && <p className={styles.lead}>{lead}</p>}
    </>
  );
}
