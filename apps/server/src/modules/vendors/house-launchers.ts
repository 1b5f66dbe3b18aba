import type { GameLauncher, GameLauncherRegistry } from '../games/game-launcher';
import { HOUSE_WALLET_VENDOR, type SeamlessWalletService, studioLaunchUrl } from './seamless-wallet.service';

/**
 * Opens the house games (catalogue vendors SORTE and BGS, both run by the studio under the wallet
 * vendor SORTE): a one-time launch token, then the studio's page for the game; free-play members with
 * play money. Answers a function
 * that unregisters both launchers.
 */
export function registerHouseLaunchers(
  registry: GameLauncherRegistry,
  wallet: SeamlessWalletService,
  studioUrl: string,
): () => void {
  const launcher: GameLauncher = {
    // Free-play members play the house games with play money: the studio is our own, it takes any
    // currency the wallet gives a session and marks FUN as play money in its frames.
    offersPlayMoney: true,
    async launch(request) {
      const token = await wallet.createLaunchToken(HOUSE_WALLET_VENDOR, request);
      return studioLaunchUrl(studioUrl, request, token);
    },
  };
  const removers = wallet.houseVendor().catalogueVendors.map((code) => registry.register(code, launcher));
  return () => {
    for (const remove of removers) remove();
  };
}
