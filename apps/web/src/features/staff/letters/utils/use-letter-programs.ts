import { actionScope } from '@kinship/domain';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';

/** The partner's programs whose letters the viewer moderates (a program-scoped person: their own). */
export function useLetterPrograms(): { id: number; name: string }[] {
  const partner = usePartner();
  const { viewer } = useViewer(partner.id);
  const scope = actionScope(viewer, 'letters.moderate', partner.id);
  return partner.entities
    .filter((e) => scope === 'all' || (scope ?? []).includes(e.id))
    .map((e) => ({ id: e.id, name: e.name }));
}
