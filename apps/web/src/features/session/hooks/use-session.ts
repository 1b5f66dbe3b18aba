import { useSessionSnapshot } from '../../../lib/session-store';
import { type MemberInfo, useMemberInfo } from '../api/member-info';

export type Session = {
  token: string | null;
  isLoggedIn: boolean;
  member: MemberInfo | undefined;
  /** Free-play (trial, type 4) members may not touch real money or account pages. */
  isTrial: boolean;
  isAgent: boolean;
  isLoadingMember: boolean;
  refreshMember: () => Promise<unknown>;
  isRefreshingMember: boolean;
};

/** Who is signed in: the token decides "logged in"; agent and trial flags come from the member info. */
export function useSession(): Session {
  const { token } = useSessionSnapshot();
  const info = useMemberInfo();
  const member = token ? info.data : undefined;
  return {
    token,
    isLoggedIn: Boolean(token),
    member,
    isTrial: Boolean(member?.isTrial),
    isAgent: Boolean(member?.isAgent),
    isLoadingMember: Boolean(token) && info.isPending,
    refreshMember: () => info.refetch(),
    isRefreshingMember: info.isFetching,
  };
}
