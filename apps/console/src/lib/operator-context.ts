import type { ConsoleOperator, OperatorPermission } from '@sorte/shared/contracts/console';
import { createContext, useContext } from 'react';

export const OperatorContext = createContext<ConsoleOperator | null>(null);

/** The signed-in operator (inside the console's shell, which renders only with one). */
export function useSignedInOperator(): ConsoleOperator {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useSignedInOperator outside the signed-in console');
  return operator;
}

/**
 * What the console shows follows the operator's permissions; the server checks every call again
 * (hiding a button is not the protection).
 */
export const hasPermission = (
  operator: Pick<ConsoleOperator, 'permissions'>,
  permission: OperatorPermission,
) => operator.permissions.includes(permission);
