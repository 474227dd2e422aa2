import type { Action } from '@kinship/domain';
import { DEMO_IDS } from '../src/seed/demo.ts';

/*
 * The rows of the access matrix (access-matrix.test.ts), as each area writes them: every area keeps
 * its own in `areas/<area>/<area>.access.ts` (the auth routes of platform/ in `platform.access.ts`
 * beside this file), exporting one `AreaAccess`. A new route adds its rows to the area that owns
 * it (its `*.routes.ts`), and the runner, which reads every area's rows, checks them all. This file
 * holds what the rows are made of: the viewers, the targets, the objects the rows point at, and
 * small helpers for writing calls.
 */

/** The viewers of a row, in the order of its statuses. */
export const VIEWERS = ['anonymous', 'donor', 'sponsor', 'adminA', 'programA', 'adminB', 'platform'] as const;
export type Viewer = (typeof VIEWERS)[number];
/**
 * A = an object of partner A (demo) asked on A's site; B = an object of partner B (maple) asked on
 * B's site; BonA = partner B's object asked through A's site (the query's partnersId is A's).
 */
export type Target = 'A' | 'B' | 'BonA';

/** What the staff viewers of the action axis get on a row: one status for all, or the status by the action's grant. */
export type StaffExpectation =
  | number
  | {
      action: Action;
      /** The program of the object asked about; omitted for a list of the partner. */
      at?: (all: Objects) => number;
      granted: number;
      denied: number;
    };

export interface MaskedRecord {
  id: number;
  entitiesId: number;
  lastName: string;
  birthday: string;
  imagePaths: string[];
  code: string;
}

/** The objects of one partner that the rows point at. */
export interface PartnerObjects {
  partnersId: number;
  subdomain: string;
  name: string;
  entityId: number;
  /** Masked, sponsored by the sponsor, with a profile picture, a gallery and updates. */
  masked: MaskedRecord;
  /** Records open for checkout by anyone (many slots), one per checkout route. */
  openRecord: number;
  openRecordForHelper: number;
  sponsorUserId: number;
  /** A person none of the viewers is. */
  strangerUserId: number;
  /** The sponsor's order, subscription and payment methods at this partner. */
  ordersId: number;
  subscriptionId: number;
  receiptCode: string;
  methodInUse: string;
  spareMethod: string;
  setupIntent: { id: string; clientSecret: string };
  /** A tracked job's progress row. */
  jobId: string;
  /** A record update of the masked record (its page code), a draft and a sent update post to it. */
  updateCode: string;
  draftPostId: number;
  sentPostId: number;
  /** The sponsor's letters about the masked record: one submitted for review, one draft (issue 24). */
  letterId: number;
  draftLetterId: number;
}

export interface Objects {
  A: PartnerObjects;
  B: PartnerObjects;
  /** A masked record of partner A in another program than the program administrator's, sponsored by nobody. */
  outsideProgram: MaskedRecord;
  /** Person records of the viewers. */
  userIds: Record<Exclude<Viewer, 'anonymous'>, number>;
  /** Partner A's tracked jobs: an import started in the outside program, and a year-end run. */
  otherProgramJobId: string;
  yearEndJobId: string;
}

export interface Call {
  path: string;
  body?: unknown;
}

/** One row of the matrix: a route (or one case of it) as every viewer, on each target it lists. */
export interface AccessRow {
  /** The route as registered: METHOD and URL pattern. */
  route: string;
  /** What this row asks, when a route has several rows. */
  case?: string;
  call: (o: PartnerObjects, all: Objects, target: Target) => Call;
  /** The statuses per target, in the order of VIEWERS; targets run in the order written. */
  expect: Partial<Record<Target, string>>;
  /** What each staff viewer of the action axis gets on A (rows with an A target). */
  staff: StaffExpectation;
  /** The masked record this row is about, when not the target's own (with who may see it in full). */
  masked?: { record: (all: Objects) => MaskedRecord; privileged: readonly Viewer[] };
  /**
   * A row that removes what other rows use runs after them, whatever its area: 'object' (it
   * removes an object of the rows, such as the sponsor's spare card) after every other row, and
   * 'viewer' (it removes a viewer's account) last of all.
   */
  destroys?: 'object' | 'viewer';
}

/*
 * MASKED RECORDS IN EVERY ANSWER: the viewers asking about a masked child outside the program
 * administrator's program that the outsider sponsors (see the runner).
 */
export const MASK_VIEWERS = [
  'anonymous',
  'sponsor',
  'adminA',
  'programA',
  'adminB',
  'platform',
  'outsider',
] as const;
export type MaskViewer = (typeof MASK_VIEWERS)[number];

export interface MaskObjects {
  /** The outsider: sponsors `outsideProgram` (a real checkout), and sponsored a masked child of programA's program once. */
  outsiderId: number;
  receiptCode: string;
  subscriptionId: number;
  /** A masked child of the program administrator's own program, whose sponsorship by the outsider ended. */
  endedInProgram: MaskedRecord;
  /** A person known to partner B only (a sponsorship there), and an id nobody has. */
  mapleOnlyPersonId: number;
  missingPersonId: number;
}

/** A route whose answer can carry a sponsored record, asked about the outside record by every mask viewer. */
export interface MaskRow {
  route: string;
  case?: string;
  path: (m: MaskObjects, objects: Objects) => string;
  /** Statuses in the order of MASK_VIEWERS. */
  expect: string;
}

/** An area's part of the access matrix. */
export interface AreaAccess {
  /** The matrix rows of the area's routes, run in this order (a row with `destroys` later). */
  rows: AccessRow[];
  /** Rows of the masking block: routes whose answers can carry a sponsored record. */
  masked: MaskRow[];
  /** Routes that never carry a sponsored record's last name, birthday or pictures, and why. */
  carriesNoSponsoredRecord: Record<string, string>;
}

/** The students type of the partner of a target (the Records section lists one type at a time). */
export const studentsOf = (o: PartnerObjects) =>
  o.partnersId === DEMO_IDS.partners.maple ? DEMO_IDS.types.maple.students! : DEMO_IDS.types.demo.students!;

/** The same status for every viewer. */
export const all = (status: number) => VIEWERS.map(() => String(status)).join(' ');
export const q = (o: PartnerObjects) => `partnersId=${o.partnersId}`;
/** A sponsored type of the row's partner (W3). */
export const typeOf = (o: PartnerObjects) =>
  o.subdomain === 'maple' ? DEMO_IDS.types.maple.students : DEMO_IDS.types.demo.students;

let emailCounter = 0;
/** A payer email of its own per call, so the card-testing limits per email stay out of the table. */
export const payerEmail = () => `payer-${++emailCounter}@example.org`;
