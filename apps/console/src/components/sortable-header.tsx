import { Select, Table, type TableThProps, UnstyledButton } from '@mantine/core';
import {
  type ListSort,
  parseSort,
  type SortDirection,
  type SortParam,
  sortParamsOf,
} from '@sorte/shared/contracts/list-sort';
import { useTranslation } from 'react-i18next';

/** How a column's values read in order: the words for its directions, and which one comes first. */
export type SortKind = 'date' | 'amount' | 'text';
/** Dates and amounts open on the newest and the largest (what an operator looks for); text on A to Z. */
const firstDirectionOf = (kind: SortKind): SortDirection => (kind === 'text' ? 'asc' : 'desc');
const opposite = (direction: SortDirection): SortDirection => (direction === 'asc' ? 'desc' : 'asc');
const paramOf = (sort: ListSort<string>) => `${sort.key}:${sort.direction}`;

/** A list's order as the address holds it, and the way to change it. */
export type SortControl<K extends string> = {
  /** What the address asks for; null: the list's own order. */
  chosen: ListSort<K> | null;
  /** What the headers show: the chosen order, or the list's own when it is one of its columns'. */
  shown: ListSort<K> | null;
  /** The `sort` parameter for the API (null: none). */
  param: string | null;
  /** A new order (null: the list's own); the list goes back to page 1. */
  change: (sort: ListSort<K> | null) => void;
};

/**
 * The sort of a list from its address parameters. A value the list does not offer (an old or
 * hand-edited link) is ignored rather than sent to the server for a 400. `defaultSort` is the list's
 * own order when it is a column's (the audit log: newest first): choosing it clears the parameter.
 */
export function listSortOf<K extends string>(
  list: { sort: string; setSort: (sort: string | null) => void },
  keys: readonly [K, ...K[]],
  defaultSort: ListSort<K> | null = null,
): SortControl<K> {
  const isOffered = (sortParamsOf(keys) as readonly string[]).includes(list.sort);
  const chosen = isOffered ? (parseSort(list.sort as SortParam<K>) ?? null) : null;
  return {
    chosen,
    shown: chosen ?? defaultSort,
    param: chosen ? paramOf(chosen) : null,
    change: (sort) =>
      list.setSort(
        sort === null || (defaultSort && paramOf(sort) === paramOf(defaultSort)) ? null : paramOf(sort),
      ),
  };
}

/** A list's sortable columns, in the order its select offers them: how each reads, and its header text. */
export type SortColumns<K extends string> = Readonly<Record<K, { kind: SortKind; label: string }>>;

type SortableThProps<K extends string> = Omit<TableThProps, 'children'> & {
  control: SortControl<K>;
  columns: SortColumns<K>;
  sortKey: K;
};

/**
 * A column header that orders the list: a button (Tab, Enter or Space) that sorts by the column,
 * then the other way, then back to the list's own order. The cell carries aria-sort while the list
 * is ordered by it; the arrow shows the direction (a faint ↕ on a column one can sort by).
 */
export function SortableTh<K extends string>({ control, columns, sortKey, ...th }: SortableThProps<K>) {
  const { t } = useTranslation();
  const { kind, label } = columns[sortKey];
  const direction = control.shown?.key === sortKey ? control.shown.direction : null;
  const first = firstDirectionOf(kind);
  const sortNext = () => {
    if (direction === null) control.change({ key: sortKey, direction: first });
    else if (direction === first) control.change({ key: sortKey, direction: opposite(first) });
    else control.change(null);
  };
  return (
    <Table.Th
      {...th}
      aria-sort={direction === null ? undefined : direction === 'asc' ? 'ascending' : 'descending'}
    >
      <UnstyledButton
        onClick={sortNext}
        title={t('sorting.sortByColumn', { column: label })}
        style={{
          font: 'inherit',
          fontWeight: 'inherit',
          color: 'inherit',
          display: 'inline-flex',
          alignItems: 'center',
          gap: 4,
          whiteSpace: 'nowrap',
        }}
      >
        {label}
        <span aria-hidden="true" style={{ opacity: direction === null ? 0.35 : 1, fontSize: '0.8em' }}>
          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}

const ownOrder = 'default';

/**
 * On phones the rows are cards without headers: a "Sort by" select offers the same orders, each
 * column both ways, and the list's own order (named by `defaultLabel`).
 */
export function SortSelect<K extends string>({
  control,
  columns,
  defaultLabel,
}: {
  control: SortControl<K>;
  columns: SortColumns<K>;
  defaultLabel: string;
}) {
  const { t } = useTranslation();
  const data = [
    { value: ownOrder, label: defaultLabel },
    ...(Object.keys(columns) as K[]).flatMap((key) => {
      const column = columns[key];
      const first = firstDirectionOf(column.kind);
      return [first, opposite(first)].map((direction) => ({
        value: paramOf({ key, direction }),
        label: t('sorting.option', {
          column: column.label,
          direction: t(`sorting.directions.${column.kind}.${direction}`),
        }),
      }));
    }),
  ];
  return (
    <Select
      label={t('sorting.sortBy')}
      w={260}
      allowDeselect={false}
      data={data}
      value={control.param ?? ownOrder}
      onChange={(value) =>
        control.change(value && value !== ownOrder ? (parseSort(value as SortParam<K>) ?? null) : null)
      }
    />
  );
}
