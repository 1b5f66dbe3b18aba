import type { OperatorPermission } from '@sorte/shared/contracts/console';
import { Outlet } from 'react-router';
import { hasPermission, useSignedInOperator } from '../lib/operator-context';
import { ForbiddenPage } from '../pages/forbidden-page';

/** A screen the operator's roles do not allow says so (the server refuses its calls anyway). */
export function RequirePermission({ permission }: { permission: OperatorPermission }) {
  const operator = useSignedInOperator();
  return hasPermission(operator, permission) ? <Outlet /> : <ForbiddenPage />;
}
