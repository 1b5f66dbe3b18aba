import type { ResourceType, SiteResource, socialResourceTypes } from '@sorte/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icon';
import { joinList } from '../../../lib/join-list';
import styles from './site-footer.module.css';

type Props = {
  /** The menu's categories (spec: "products"), labels already translated. */
  products: { key: string; label: string; to: string }[];
  /** Help centre articles to list; each links into /helpmc. */
  helpArticles: { id: number; title: string }[];
  resources: readonly SiteResource[] | undefined;
};

type SocialType = (typeof socialResourceTypes)[number];

// The record names every social channel (the type checks it against the contract), in footer
// order; the contract's list itself stays out of the page's JavaScript with the schemas beside it.
const socialIcons: Record<SocialType, IconName> = {
  FACEBOOK: 'facebook',
  INSTAGRAM: 'instagram',
  WHATSAPP: 'whatsapp',
  TELEGRAM: 'telegram',
};

const find = (resources: readonly SiteResource[] | undefined, type: ResourceType) =>
  resources?.find((r) => r.type === type) ?? null;

/**
 * The site footer (spec section 2): products, help list, contact (customer service, feedback,
 * affiliate), social links only for the channels the merchant provides, and the legal block
 * (18+, the state lottery licence, id "term" so /help#term lands on it).
 */
export function SiteFooter({ products, helpArticles, resources }: Props) {
  const { t } = useTranslation();
  // The tagline names the categories the menu offers, never a fixed list (issue 14: it once
  // advertised live casino, which no vendor provides).
  const tagline =
    products.length > 0
      ? t('footer.tagline', {
          categories: joinList(
            products.map((product) => product.label),
            t,
          ),
        })
      : t('footer.taglineNoGames');
  const socials = (Object.keys(socialIcons) as SocialType[]).flatMap((type) => {
    const resource = find(resources, type);
    return resource ? [{ ...resource, icon: socialIcons[type] }] : [];
  });
  const customerService = find(resources, 'CUSTOMER_SERVICE');
  const feedback = find(resources, 'FEEDBACK');
  const affiliate = find(resources, 'AFFILIATE');
  const licence = find(resources, 'LICENCE');

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <span className={styles.brand}>
            <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
              <circle cx="32" cy="32" r="20" fill="none" stroke="var(--color-primary)" strokeWidth="6" />
              <circle cx="32" cy="32" r="7" fill="var(--color-accent)" />
            </svg>
            {t('brand')}
          </span>
          <p className={styles.tagline}>{tagline}</p>
          {socials.length > 0 && (
            <ul className={styles.socials} aria-label={t('footer.followUs')}>
              {socials.map((social) => (
                <li key={social.type}>
                  <a
                    className={styles.social}
                    href={social.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={social.label}
                    title={social.label}
                    data-social={social.type}
                  >
                    <Icon name={social.icon} size={20} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>

        {products.length > 0 && (
          <nav className={styles.column} aria-labelledby="footer-products">
            <h2 id="footer-products" className={styles.heading}>
              {t('footer.products')}
            </h2>
            <ul className={styles.links}>
              {products.map((product) => (
                <li key={product.key}>
                  <Link to={product.to}>{product.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <nav className={styles.column} aria-labelledby="footer-help">
          <h2 id="footer-help" className={styles.heading}>
            {t('footer.help')}
          </h2>
          <ul className={styles.links}>
            {helpArticles.map((article) => (
              <li key={article.id}>
                <Link to={`/helpmc#help-${article.id}`}>{article.title}</Link>
              </li>
            ))}
            <li>
              <Link to="/helpmc" className={styles.more}>
                {t('footer.helpCentre')}
              </Link>
            </li>
          </ul>
        </nav>

        <nav className={styles.column} aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            {t('footer.contact')}
          </h2>
          <ul className={styles.links}>
            {customerService && (
              <li>
                <a
                  href={customerService.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.withIcon}
                >
                  <Icon name="headset" size={16} />
                  {t('footer.customerService')}
                </a>
              </li>
            )}
            {feedback && (
              <li>
                <a href={feedback.url} target="_blank" rel="noopener noreferrer" className={styles.withIcon}>
                  <Icon name="feedback" size={16} />
                  {t('footer.feedback')}
                </a>
              </li>
            )}
            <li>
              {affiliate ? (
                <a href={affiliate.url} target="_blank" rel="noopener noreferrer" className={styles.withIcon}>
                  <Icon name="handshake" size={16} />
                  {t('footer.affiliate')}
                </a>
              ) : (
                // Our own agent programme is the affiliate page when no outside one is configured.
                <Link to="/agent" className={styles.withIcon}>
                  <Icon name="handshake" size={16} />
                  {t('footer.affiliate')}
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>

      <div id="term" className={styles.legal} tabIndex={-1}>
        <p className={styles.adults}>
          <strong className={styles.badge}>18+</strong>
          <span>{t('footer.adults')}</span>
        </p>
        <p className={styles.licence}>
          <Icon name="shield" size={16} />
          <span>
            {t('footer.licence')} {t('footer.licenceNote')}
            {licence && (
              <>
                {' '}
                <a href={licence.url} target="_blank" rel="noopener noreferrer">
                  {licence.label}
                </a>
              </>
            )}
          </span>
        </p>
        <p className={styles.rights}>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
