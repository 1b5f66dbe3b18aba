import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

export type Fact = { label: string; value: ReactNode };

/** Label and value pairs of one record (a description list), for drawers. */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <DataList labelWidth={170} size="sm" withDivider>
      {facts.map((fact) => (
        <DataList.Item key={fact.label}>
          <DataList.ItemLabel>{fact.label}</DataList.ItemLabel>
          <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{fact.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
