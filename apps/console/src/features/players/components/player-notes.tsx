import { Alert, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  createPlayerNoteBodySchema,
  PLAYER_NOTE_MAX,
  type PlayerNote,
} from '@sorte/shared/contracts/console';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { errorMessage } from '../../../lib/api';
import type { CsvColumn } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { useAddPlayerNote, usePlayerNotes } from '../api/player-tabs';
import { useTabPaging } from '../hooks/use-tab-paging';

/** Operators' notes on the player, newest first; those with players.notes add one (never edited). */
export function PlayerNotesTab({ memberId, canWrite }: { memberId: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const paging = useTabPaging();
  const query = usePlayerNotes(memberId, { pageNo: paging.pageNo, pageSize: paging.pageSize });
  const csv: CsvColumn<PlayerNote>[] = [
    { header: t('playerTabs.notes.columns.createdAt'), value: (n) => n.createdAt },
    { header: t('playerTabs.notes.columns.author'), value: (n) => n.author },
    { header: t('playerTabs.notes.columns.body'), value: (n) => n.body },
  ];
  return (
    <Stack gap="lg">
      {canWrite ? <AddNote memberId={memberId} onAdded={() => paging.setPage(1)} /> : null}
      <PagedList
        query={query}
        pageNo={paging.pageNo}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        emptyText={t('playerTabs.notes.empty')}
        csv={{ fileName: `notes-${memberId}-page-${paging.pageNo}.csv`, columns: csv }}
      >
        {(notes) => (
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {notes.map((note) => (
              <Card key={note.id} component="li" withBorder padding="sm">
                <Text size="xs" c="dimmed" mb={4}>
                  {t('playerTabs.notes.by', {
                    author: note.author,
                    at: formatDateTime(note.createdAt, lang),
                  })}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {note.body}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
}

function AddNote({ memberId, onAdded }: { memberId: string; onAdded: () => void }) {
  const { t } = useTranslation();
  const add = useAddPlayerNote(memberId);
  const [body, setBody] = useState('');
  const [isInvalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createPlayerNoteBodySchema.safeParse({ body });
    if (!parsed.success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    add.mutate(parsed.data.body, {
      onSuccess: () => {
        setBody('');
        onAdded();
        notifications.show({ color: 'green', message: t('playerTabs.notes.added') });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('playerTabs.notes.add')}>
      <Stack gap="xs">
        <Textarea
          label={t('playerTabs.notes.label')}
          description={t('playerTabs.notes.hint', { max: PLAYER_NOTE_MAX })}
          autosize
          minRows={2}
          maxLength={PLAYER_NOTE_MAX}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={isInvalid ? t('playerTabs.notes.invalid', { max: PLAYER_NOTE_MAX }) : undefined}
        />
        {add.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(add.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            {t('playerTabs.notes.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
