import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { useBonusDetail } from '../api/records';
import { useRecordRange } from '../use-record-range';
import { MovementList } from './movement-list';
import { RecordFilters, RecordList } from './record-parts';

/** Bonus details: the bonus wallet's movements by date. */
export function BonusDetails({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // A new date range starts again from its first page.
  const range = useRecordRange(timeZone, () => setPage(1));
  const query = useBonusDetail({ startDate: range.value.startDate, endDate: range.value.endDate, page });
  return (
    <>
      <RecordFilters range={range} />
      <Card title={t('member.bonus.movements')}>
        <RecordList
          query={query}
          isEmpty={(d) => d.content.length === 0}
          emptyTitle={t('member.bonus.empty')}
          emptyBody={t('member.bonus.emptyBody')}
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
