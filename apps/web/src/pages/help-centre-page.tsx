import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Icon } from '../components/ui/icon';
import { QueryState } from '../components/ui/query-state';
import { Spinner } from '../components/ui/spinner';
import { useHelpCentre } from '../features/help/api/help-centre';
import { sanitizeHtml } from '../features/help/sanitize-html';
import styles from './help-centre-page.module.css';

const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ');

/**
 * /helpmc, the help centre (spec section 2): articles by category, each opening in place; a link
 * to /helpmc#help-{id} opens and shows that article. A search narrows the list as one types.
 */
export default function HelpCentrePage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const searchId = useId();
  const query = useHelpCentre();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState<Set<number>>(() => new Set());

  const categories = useMemo(() => {
    const words = search.trim().toLowerCase();
    const all = (query.data?.categories ?? []).map((category) => ({
      ...category,
      articles: category.articles.map((article) => ({ ...article, html: sanitizeHtml(article.content) })),
    }));
    if (!words) return all;
    return all
      .map((category) => ({
        ...category,
        articles: category.articles.filter((article) =>
          `${article.title} ${textOf(article.html)}`.toLowerCase().includes(words),
        ),
      }))
      .filter((category) => category.articles.length > 0);
  }, [query.data, search]);

  // A link to one article opens it and brings it into view once the articles are here.
  useEffect(() => {
    const match = /^#help-(\d+)$/.exec(hash);
    if (!match || !query.data) return;
    const id = Number(match[1]);
    setOpened((current) => new Set(current).add(id));
    requestAnimationFrame(() => document.getElementById(`help-${id}`)?.scrollIntoView({ block: 'start' }));
  }, [hash, query.data]);

  const toggle = (id: number, open: boolean) =>
    setOpened((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section className={styles.page} aria-labelledby="help-title">
      <header className={styles.hero}>
        <span className={styles.heroIcon} aria-hidden="true">
          <Icon name="help" size={32} />
        </span>
        <div>
          <h1 id="help-title" className={styles.title}>
            {t('help.title')}
          </h1>
          <p className={styles.lead}>{t('help.lead')}</p>
        </div>
      </header>

      <QueryState query={query} loading={<Spinner />} failedTitle={t('help.error')}>
        {() => (
          <>
            <div className={styles.search}>
              <label htmlFor={searchId} className="visually-hidden">
                {t('help.search')}
              </label>
              <Icon name="search" size={18} />
              <input
                id={searchId}
                type="search"
                value={search}
                placeholder={t('help.search')}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            {categories.length > 1 && (
              <nav className={styles.chips} aria-label={t('help.categories')}>
                {categories.map((category) => (
                  <a key={category.key} href={`#help-cat-${category.key}`} className={styles.chip}>
                    {category.title}
                  </a>
                ))}
              </nav>
            )}
            {categories.length === 0 ? (
              <p className={styles.state}>{search ? t('help.noMatch') : t('help.empty')}</p>
            ) : (
              categories.map((category) => (
                <section
                  key={category.key}
                  id={`help-cat-${category.key}`}
                  className={styles.category}
                  aria-labelledby={`help-cat-title-${category.key}`}
                >
                  <h2 id={`help-cat-title-${category.key}`} className={styles.categoryTitle}>
                    {category.title}
                  </h2>
                  <div className={styles.articles}>
                    {category.articles.map((article) => (
                      <details
                        key={article.id}
                        id={`help-${article.id}`}
                        className={styles.article}
                        open={opened.has(article.id)}
                        onToggle={(event) => toggle(article.id, event.currentTarget.open)}
                      >
                        <summary className={styles.summary}>
                          <span>{article.title}</span>
                          <Icon name="chevronDown" size={18} className={styles.chevron} />
                        </summary>
                        <div
                          className={styles.body}
                          // Sanitised twice: by the server on write and read, and by DOMPurify here.
                          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above.
                          dangerouslySetInnerHTML={{ __html: article.html }}
                        />
                      </details>
                    ))}
                  </div>
                </section>
              ))
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
