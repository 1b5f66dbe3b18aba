import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { signedOutOnUnauthorized?: boolean };
    mutationMeta: { signedOutOnUnauthorized?: boolean };
  }
}
