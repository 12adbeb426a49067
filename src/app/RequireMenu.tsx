import type { ReactNode } from 'react';
import type { MenuId } from '../../contract/roles';
import { useShellData } from '../layout/shell-data';
import { NotFoundPage } from '../features/not-found/NotFoundPage';

/** A screen the account's roles do not include shows Access Denied, never the screen. */
export function RequireMenu({ menu, home, children }: { menu: MenuId; home: string; children: ReactNode }) {
  const { allowed } = useShellData();
  if (!allowed.has(menu)) return <NotFoundPage reason="access_denied" home={home} embedded />;
  return <>{children}</>;
}
