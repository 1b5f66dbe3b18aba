import type { MemberMessage } from '@sorte/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/use-api';

export const messageKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  page: (page: number) => ['messages', 'list', page] as const,
};

export type MessagePage = {
  content: MemberMessage[];
  pageNum: number;
  totalPages: number;
  total: number;
  unread: number;
};

export const messagesPageSize = 10;

export function useMessages(page: number) {
  const api = useApi();
  const client = useQueryClient();
  return useQuery({
    queryKey: messageKeys.page(page),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const data = await api<MessagePage>(`/wps/relay/messages?pageNo=${page}&pageSize=${messagesPageSize}`, {
        signal,
      });
      client.setQueryData(messageKeys.unread, { count: data.unread });
      return data;
    },
  });
}

/** GET /wps/relay/unreadMessageCount (never for trial members: spec section 6). */
export function useUnreadCount(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: messageKeys.unread,
    enabled,
    queryFn: ({ signal }) => api<{ count: number }>('/wps/relay/unreadMessageCount', { signal }),
  });
}

function markLocally(client: ReturnType<typeof useQueryClient>, id: string | null) {
  client.setQueriesData<MessagePage>({ queryKey: ['messages', 'list'] }, (old) =>
    old
      ? {
          ...old,
          content: old.content.map((m) => (id === null || m.id === id ? { ...m, read: true } : m)),
        }
      : old,
  );
}

export function useMarkRead() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/wps/relay/messages/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onMutate: (id) => markLocally(client, id),
    onSettled: () => client.invalidateQueries({ queryKey: messageKeys.unread }),
  });
}

export function useMarkAllRead() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/wps/relay/messages/read', { method: 'POST' }),
    onMutate: () => {
      markLocally(client, null);
      client.setQueryData(messageKeys.unread, { count: 0 });
    },
    onSettled: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
