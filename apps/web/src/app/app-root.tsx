import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAuthDialogs } from '../features/auth/auth-dialogs-context';
import { AuthDialogsProvider } from '../features/auth/components/auth-dialogs';
import { resourceOf, useSiteResources } from '../features/footer/api/site-resources';
import { LanguagePicker } from '../features/preferences/language-picker';
import { RegionSwitchOffer } from '../features/region/components/region-switch-offer';
import { TrialPromptProvider } from '../features/session/components/trial-prompt';
import { StatusGate } from '../features/site-status/components/status-gate';

/**
 * Above both route trees (player and agent): the system status gate (maintenance and region block
 * replace the whole site, spec section 2), then the sign-in popups and the trial prompt, which any
 * page may open. Features meet here: the trial prompt's "Register" opens the auth feature's popup.
 */
export function AppRoot() {
  const resources = useSiteResources().data;
  return (
    <StatusGate
      customerServiceUrl={resourceOf(resources, 'CUSTOMER_SERVICE')?.url}
      toolbar={<LanguagePicker />}
      regionOffer={(countryCode) => <RegionSwitchOffer countryCode={countryCode} />}
    >
      <AuthDialogsProvider>
        <TrialGate>
          <Outlet />
        </TrialGate>
      </AuthDialogsProvider>
    </StatusGate>
  );
}

function TrialGate({ children }: { children: ReactNode }) {
  const { openRegister } = useAuthDialogs();
  return <TrialPromptProvider onRegister={openRegister}>{children}</TrialPromptProvider>;
}
