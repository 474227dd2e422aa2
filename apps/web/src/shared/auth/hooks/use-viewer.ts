import {
  showAdministrationLink,
  hasAnyPartnerPermission,
  viewerFromUser,
  type Viewer,
} from '@kinship/domain';
import { useMe, type Me } from '../api/get-me';

export interface ViewerState {
  isLoading: boolean;
  me: Me | undefined;
  viewer: Viewer;
  /** Any role for the partner: shows the Administration link and opens the dashboard. */
  canAdminister: boolean;
  /** Any permission for the partner: opens a private demo site. */
  hasPermission: boolean;
}

/** The signed-in person and what the domain permission rules let them see at this partner. */
export function useViewer(partnersId: number): ViewerState {
  const { data: me, isPending } = useMe();
  const viewer = viewerFromUser(me?.user);
  return {
    isLoading: isPending,
    me,
    viewer,
    canAdminister: showAdministrationLink(viewer, partnersId),
    hasPermission: hasAnyPartnerPermission(viewer, partnersId),
  };
}
