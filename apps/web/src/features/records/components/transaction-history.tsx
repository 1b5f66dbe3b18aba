import { type MovementType, movementTypes } from '@sorte/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { useTransactionHistory } from '../api/records';
import { useRecordRange } from '../use-record-range';
import { MovementList } from './movement-list';
import { RecordFilters, RecordList } from './record-parts';

/** Account record (transactionHistory): every movement of the main wallet, filtered by type and date. */
export function TransactionHistory({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // A new date range starts again from its first page.
  const range = useRecordRange(timeZone, () => setPage(1));
  const [type, setType] = useState<MovementType | ''>('');
  const query = useTransactionHistory({
    type: type || undefined,
    startDate: range.value.startDate,
    endDate: range.value.endDate,
    page,
  });
  return (
    <>
      <RecordFilters
        range={range}
        filter={{
          label: t('member.records.type'),
          value: type,
          onChange: (v) => {
            setPage(1);
            setType(v as MovementType | '');
          },
          options: [
            { value: '', label: t('member.records.allTypes') },
            ...movementTypes.map((m) => ({ value: m, label: t(`member.records.types.${m}`) })),
          ],
        }}
      />
      <Card title={t('member.records.movements')}>
        <RecordList
          query={query}
          isEmpty={(d) => d.content.length === 0}
          emptyTitle={t('member.records.empty')}
          emptyBody={t('member.records.emptyBody')}
        >
          {(data) => (
            <MovementList
              page={data}
              currentPage={page}
              onPage={setPage}
              timeZone={data.timeZone}
              pagesLabel={t('member.records.pages')}
            />
          )}
        </RecordList>
      </Card>
    </>
  );
}
