import { useState } from 'react';

/**
 * Page and page size of a list inside a player's tab. Kept in the tab, not in the address: the
 * player's page holds several lists, and the address already names the tab.
 */
export function useTabPaging(initialSize = 20) {
  const [pageNo, setPage] = useState(1);
  const [pageSize, setSize] = useState(initialSize);
  return {
    pageNo,
    pageSize,
    setPage,
    setPageSize: (size: number) => {
      setSize(size);
      setPage(1);
    },
  };
}
