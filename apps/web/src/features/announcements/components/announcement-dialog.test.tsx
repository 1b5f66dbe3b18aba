import type { Notice } from '@sorte/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import { AnnouncementDialog } from './announcement-dialog';

const notices: Notice[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  title: `Notice ${i + 1}`,
  content: `<p>Body of notice ${i + 1}</p><img src="x" onerror="window.hacked=1"><script>window.hacked=1</script>`,
  time: '2026-03-01T12:00:00Z',
}));

const titles = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Titles' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('span')?.textContent);

describe('announcement popup', () => {
  it('lists 9 titles a page: 12 notices make pages of 9 and 3', async () => {
    const user = userEvent.setup();
    await renderUi(<AnnouncementDialog title="Announcements" items={notices} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    expect(titles(dialog)).toEqual(notices.slice(0, 9).map((n) => n.title));
    const pager = within(dialog).getByRole('navigation', { name: 'Announcement pages' });
    expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(titles(dialog)).toEqual(['Notice 10', 'Notice 11', 'Notice 12']);
    expect(within(pager).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('shows the chosen title as sanitised formatted content', async () => {
    const user = userEvent.setup();
    await renderUi(<AnnouncementDialog title="Announcements" items={notices} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    expect(within(dialog).getByRole('heading', { name: 'Notice 1' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Notice 4/ }));
    const article = within(dialog).getByRole('article');
    expect(within(article).getByRole('heading', { name: 'Notice 4' })).toBeTruthy();
    expect(article.textContent).toContain('Body of notice 4');
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('opens the notice popup on the chosen notice, on its page', async () => {
    await renderUi(
      <AnnouncementDialog title="Notices" items={notices} open initialIndex={10} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Notices' });
    expect(titles(dialog)).toEqual(['Notice 10', 'Notice 11', 'Notice 12']);
    expect(
      within(dialog)
        .getByRole('button', { name: /Notice 11/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(within(dialog).getByRole('article').textContent).toContain('Body of notice 11');
  });

  it('closes with Escape', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderUi(<AnnouncementDialog title="Announcements" items={notices} open onClose={onClose} />);
    await screen.findByRole('dialog', { name: 'Announcements' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
