import type { ConsoleHelpArticle, ContentLanguage } from '@sorte/shared/contracts/console-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import type { BannerMerchantCode } from './banners';

const helpKey = ['help-articles'] as const;

export type HelpCentreParams = { merchantCode: BannerMerchantCode; language: ContentLanguage };

/** One merchant's help centre in one language, in the site's order. */
export function useHelpArticles(params: HelpCentreParams) {
  return useQuery({
    queryKey: [...helpKey, params],
    queryFn: ({ signal }) =>
      callApi<ConsoleHelpArticle[]>('/ops/console/help-articles', { query: params, signal }),
  });
}

export type HelpArticleDraft = {
  category: string;
  categoryTitle: string;
  title: string;
  content: string;
};

/** A new article (id null: last of its category) or the change of one. */
export function useSaveHelpArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      centre,
      draft,
    }: {
      id: string | null;
      centre: HelpCentreParams;
      draft: HelpArticleDraft;
    }) =>
      id === null
        ? callApi<ConsoleHelpArticle>('/ops/console/help-articles', {
            method: 'POST',
            body: { ...centre, ...draft },
          })
        : callApi<ConsoleHelpArticle>(`/ops/console/help-articles/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body: { merchantCode: centre.merchantCode, ...draft },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKey }),
  });
}

export function useRemoveHelpArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (article: ConsoleHelpArticle) =>
      callApi<null>(`/ops/console/help-articles/${encodeURIComponent(article.id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKey }),
  });
}

export type HelpOrder = Array<{ category: string; articleIds: string[] }>;

/** The whole help centre in its new order; the answer is the list as it now is. */
export function useReorderHelpCentre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ centre, categories }: { centre: HelpCentreParams; categories: HelpOrder }) =>
      callApi<ConsoleHelpArticle[]>('/ops/console/help-articles/order', {
        method: 'PUT',
        body: { ...centre, categories },
      }),
    onSuccess: (articles, { centre }) => queryClient.setQueryData([...helpKey, centre], articles),
    // A refusal (an older list) or a failure: show the list as the server has it.
    onError: () => queryClient.invalidateQueries({ queryKey: helpKey }),
  });
}
