import { usePermissions } from '../../../api/tag/tag-query';
import { sessionFlags, useSession } from '../../../app/session';

/** Whether the user may create tags (staff, or reputation for tag.add), and the server's tip when not. */
export function useMayCreateTag(): { allowed: boolean; tip: string; loading: boolean } {
  const { user } = useSession();
  const flags = sessionFlags(user);
  const q = usePermissions(['tag.add'], flags.normal);
  const entry = q.data?.['tag.add'];
  return {
    allowed: flags.admin || flags.moderator || !!entry?.has_permission,
    tip: entry?.no_permission_tip ?? '',
    loading: flags.normal && !flags.admin && !flags.moderator && q.isLoading,
  };
}
