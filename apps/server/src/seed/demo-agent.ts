import { defaultMerchant } from '@sorte/shared';
import type { Seeder } from './seeders';

/** Documented in the README: the agent page (/agent) accepts `agent` with this password. */
export const DEMO_AGENT_USERNAME = 'agent';
export const DEMO_AGENT_PASSWORD = 'sorte-agent-2026';
/** The invitation code newcomers can type at sign-up to join the demo agent's team. */
export const DEMO_AGENT_INVITE_CODE = 'SORTE2026';

/** An agent (type 1) to try the agent login page and invitation codes with. */
export const demoAgentSeeder: Seeder = {
  name: 'demo-agent',
  async run(app) {
    await app.auth
      .registerByUsername(
        defaultMerchant,
        {
          username: DEMO_AGENT_USERNAME,
          password: DEMO_AGENT_PASSWORD,
          confirmPassword: DEMO_AGENT_PASSWORD,
        },
        { ip: '127.0.0.1', userAgent: 'seed' },
      )
      .catch((error) => {
        if ((error as { code?: string }).code !== 'USERNAME_TAKEN') throw error;
      });
    // Agents are appointed, not self-registered: the agent centre will do this; the seed does it directly.
    await app.db.query(
      `update members set type = 1, invite_code = $2 where merchant_code = $1 and username_key = $3`,
      [defaultMerchant.merchantCode, DEMO_AGENT_INVITE_CODE, DEMO_AGENT_USERNAME],
    );
  },
};
