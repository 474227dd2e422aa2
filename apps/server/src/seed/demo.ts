import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { COUNTRIES } from '../db/reference-data.ts';
import {
  entities,
  filterOptions,
  filterTypes,
  partnerDomains,
  partnerFeatures,
  partners,
  partnerSettings,
  partnerSponsoredTypes,
  partnerUserEntities,
  partnerUserRoles,
  partnerUsers,
  staffInvitations,
  sponsoredAttributes,
  sponsoredImages,
  sponsoreds,
  sponsoredTypePlanIntervals,
  sponsoredTypePlans,
  updates,
  users,
  userSponsoreds,
  giftCodes,
  lightningLinks,
  orders,
  slotHolds,
  trialCodes,
} from '../db/schema/index.ts';
import { GIFT_CODE_VALID_DAYS, plainTextToHtml } from '@kinship/domain';
import { newCode } from '../areas/giving/gifts/codes.ts';
import type { Storage } from '../platform/storage.ts';
import { seedDemoGiving } from './demo-year-of-giving.ts';
import {
  ADULT_BIOS,
  CLASS_BIOS,
  COUNTRY_CONTENT,
  ENTITIES,
  GROUP_BIOS,
  GROUP_FACTS,
  GROUP_UPDATE_MESSAGES,
  IMAGE_DESCRIPTIONS,
  INITIATIVES,
  NAMES,
  PARTNER_STYLE,
  STAFF_TITLES,
  STUDENT_BIOS,
  MAPLE_FRENCH,
  STUDENT_FACTS,
  SUBJECTS,
  TEACHER_FACTS,
  UPDATE_MESSAGES,
  UPDATE_TITLES,
} from './demo-content.ts';
import type { EntitySeed } from './demo-content.ts';
import { coverSvg, gallerySvg, headerSvg, logoSvg, profileSvg, toWebp, writeImages } from './demo-images.ts';
import type { ImageJob } from './demo-images.ts';
import { mulberry32 } from './prng.ts';
import type { Rng } from './prng.ts';
import { seedGivingDemo } from './demo-giving.ts';
import { seedDemoLetters } from './demo-letters.ts';

export interface SeedDeps {
  storage: Storage;
  /** Creates an email-verified login and returns its auth user id. */
  createLogin(email: string, password: string, name: string): Promise<string>;
}

interface DemoAccount {
  role: string;
  email: string;
  password: string;
  description: string;
}

/** The logins the seed creates (print-friendly). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    role: 'Platform administrator',
    email: 'admin@kinship.example.org',
    password: 'kinship-admin-2026',
    description: 'Administrator of partner 1 (Kinship, the platform owner).',
  },
  {
    role: 'Partner administrator',
    email: 'partner-admin@demo.example.org',
    password: 'demo-admin-2026',
    description: 'Administrator of the demo partner (Bright Futures Demo), partner-wide.',
  },
  {
    role: 'Program administrator',
    email: 'program-admin@demo.example.org',
    password: 'program-admin-2026',
    description: 'Administrator and Reporting on the demo partner, scoped to Antigua Community School only.',
  },
  {
    role: 'Sponsor',
    email: 'sponsor@demo.example.org',
    password: 'sponsor-2026',
    description: 'Sponsors a masked student, a teacher (2 slots) and a class on demo; one ended sponsorship.',
  },
  {
    role: 'Maple administrator',
    email: 'admin@maple.example.org',
    password: 'maple-admin-2026',
    description: 'Administrator of Maple Schools Network (Canada).',
  },
  {
    role: 'Donor',
    email: 'donor@demo.example.org',
    password: 'donor-2026',
    description: 'A logged-in donor with no sponsorships.',
  },
  {
    role: 'Second donor',
    email: 'second-donor@demo.example.org',
    password: 'second-donor-2026',
    description: 'Another logged-in donor with no sponsorships (the browser journeys give as both, apart).',
  },
  {
    role: 'Reporting',
    email: 'reporting@demo.example.org',
    password: 'reporting-2026',
    description:
      'Reporting on the demo partner, partner-wide: reads records, sponsors, donations and reports.',
  },
  {
    role: 'Program manager',
    email: 'management@demo.example.org',
    password: 'management-2026',
    description: 'Management on the demo partner, scoped to Antigua Community School only.',
  },
  {
    role: 'Messages',
    email: 'messages@demo.example.org',
    password: 'messages-2026',
    description: 'Messages on the demo partner, partner-wide: updates and letters.',
  },
  {
    role: 'Donor care',
    email: 'donor-care@demo.example.org',
    password: 'donor-care-2026',
    description: 'DonorManagement on the demo partner and Reporting on Maple Schools Network (two partners).',
  },
];

interface AccountPerson {
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

const ACCOUNT_PEOPLE: Record<string, AccountPerson> = {
  'admin@kinship.example.org': {
    firstName: 'Alex',
    lastName: 'Rivera',
    address1: '100 Market Street',
    city: 'San Francisco',
    state: 'CA',
    zip: '94105',
    phone: '(415) 555-0100',
  },
  'partner-admin@demo.example.org': {
    firstName: 'Dana',
    lastName: 'Brooks',
    address1: '24 Elm Avenue',
    city: 'Portland',
    state: 'OR',
    zip: '97205',
    phone: '(503) 555-0121',
  },
  'program-admin@demo.example.org': {
    firstName: 'Priya',
    lastName: 'Natarajan',
    address1: '8 Lakeview Court',
    city: 'Madison',
    state: 'WI',
    zip: '53703',
    phone: '(608) 555-0134',
  },
  'sponsor@demo.example.org': {
    firstName: 'Sam',
    lastName: 'Okafor',
    address1: '512 Oak Street',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '(512) 555-0147',
  },
  'admin@maple.example.org': {
    firstName: 'Claire',
    lastName: 'Tremblay',
    address1: '330 Portage Avenue',
    city: 'Winnipeg',
    state: 'MB',
    zip: 'R3C 0C4',
    phone: '(204) 555-0155',
  },
  'donor@demo.example.org': {
    firstName: 'Jordan',
    lastName: 'Lee',
    address1: '77 Harbor Road',
    city: 'Boston',
    state: 'MA',
    zip: '02110',
    phone: '(617) 555-0162',
  },
  'second-donor@demo.example.org': {
    firstName: 'Riley',
    lastName: 'Park',
    address1: '12 Elm Street',
    city: 'Portland',
    state: 'OR',
    zip: '97205',
    phone: '(503) 555-0174',
  },
  'reporting@demo.example.org': {
    firstName: 'Morgan',
    lastName: 'Hale',
    address1: '15 Ledger Lane',
    city: 'Columbus',
    state: 'OH',
    zip: '43215',
    phone: '(614) 555-0170',
  },
  'management@demo.example.org': {
    firstName: 'Luis',
    lastName: 'Ortega',
    address1: '402 Mission Road',
    city: 'Tucson',
    state: 'AZ',
    zip: '85701',
    phone: '(520) 555-0183',
  },
  'messages@demo.example.org': {
    firstName: 'Ruth',
    lastName: 'Abernathy',
    address1: '9 Post Office Square',
    city: 'Providence',
    state: 'RI',
    zip: '02903',
    phone: '(401) 555-0191',
  },
  'donor-care@demo.example.org': {
    firstName: 'Kofi',
    lastName: 'Mensah',
    address1: '61 Cedar Street',
    city: 'Raleigh',
    state: 'NC',
    zip: '27601',
    phone: '(919) 555-0104',
  },
};

/** Fill-in donors: people without a login whose sponsorships fill slots. */
const FILL_IN_DONORS: readonly [string, string, string, string][] = [
  ['Maria', 'Gonzalez', 'Denver', 'CO'],
  ['James', 'Whitaker', 'Nashville', 'TN'],
  ['Aiko', 'Tanaka', 'Seattle', 'WA'],
  ['Fatou', 'Diallo', 'Columbus', 'OH'],
  ['Robert', 'Nguyen', 'San Jose', 'CA'],
  ['Elena', 'Petrova', 'Chicago', 'IL'],
  ['Marcus', 'Johnson', 'Atlanta', 'GA'],
  ['Sofia', 'Rossi', 'Providence', 'RI'],
  ['David', 'Cohen', 'Philadelphia', 'PA'],
  ['Grace', 'Mensah', 'Raleigh', 'NC'],
  ['Luc', 'Gagnon', 'Burlington', 'VT'],
  ['Hannah', 'Schmidt', 'Minneapolis', 'MN'],
];

// ---------------------------------------------------------------------------
// Layout: fixed ids so DEMO_IDS is a constant.

type TypeKey = 'students' | 'teachers' | 'staff' | 'classes' | 'initiatives';

interface TypeDef {
  sponsoredTypesId: number;
  singular: string;
  plural: string;
  maskProfiles: boolean;
  showAge: boolean;
  showLastName: boolean;
  visibleSlots: number;
  maxSlots: number;
  gridLayout: 'column' | 'deck' | 'deck-cropped';
  monthlyAmount: number;
  description: string;
}

const TYPE_DEFS: Record<TypeKey, TypeDef> = {
  students: {
    sponsoredTypesId: 1,
    singular: 'Student',
    plural: 'Students',
    maskProfiles: true,
    showAge: true,
    showLastName: false,
    visibleSlots: 1,
    maxSlots: 1,
    gridLayout: 'deck',
    monthlyAmount: 3900,
    description:
      'Sponsoring a student covers school fees, uniforms, supplies and a daily meal. You receive updates and pictures throughout the year.',
  },
  teachers: {
    sponsoredTypesId: 2,
    singular: 'Teacher',
    plural: 'Teachers',
    maskProfiles: false,
    showAge: false,
    showLastName: true,
    visibleSlots: 3,
    maxSlots: 5,
    gridLayout: 'column',
    monthlyAmount: 5000,
    description:
      'Teacher sponsors share the cost of a fair salary and ongoing training for a local teacher. Several sponsors can support the same teacher.',
  },
  staff: {
    sponsoredTypesId: 3,
    singular: 'Staff Member',
    plural: 'Staff',
    maskProfiles: false,
    showAge: false,
    showLastName: true,
    visibleSlots: 2,
    maxSlots: 3,
    gridLayout: 'column',
    monthlyAmount: 4500,
    description:
      'Cooks, nurses, drivers and librarians keep a school running. Sponsor the people behind the scenes.',
  },
  classes: {
    sponsoredTypesId: 5,
    singular: 'Class',
    plural: 'Classes',
    maskProfiles: false,
    showAge: false,
    showLastName: false,
    visibleSlots: 5,
    maxSlots: 10,
    gridLayout: 'deck-cropped',
    monthlyAmount: 2500,
    description: 'A class sponsorship funds books, materials and field trips for a whole classroom.',
  },
  initiatives: {
    sponsoredTypesId: 4,
    singular: 'Initiative',
    plural: 'Initiatives',
    maskProfiles: false,
    showAge: false,
    showLastName: false,
    visibleSlots: 10,
    maxSlots: 50,
    gridLayout: 'column',
    monthlyAmount: 1500,
    description:
      'Initiatives are community projects — wells, gardens, libraries — funded by many monthly sponsors.',
  },
};

interface PartnerLayout {
  partnersId: number;
  codePrefix: string;
  types: readonly [TypeKey, number][];
}

const LAYOUT: readonly PartnerLayout[] = [
  {
    partnersId: 2,
    codePrefix: 'DEMO',
    types: [
      ['students', 110],
      ['teachers', 30],
      ['staff', 15],
      ['classes', 25],
      ['initiatives', 20],
    ],
  },
  {
    partnersId: 3,
    codePrefix: 'MAPLE',
    types: [
      ['students', 55],
      ['teachers', 20],
      ['classes', 15],
      ['initiatives', 10],
    ],
  },
  {
    partnersId: 4,
    codePrefix: 'PRIV',
    types: [
      ['students', 12],
      ['teachers', 4],
      ['classes', 2],
      ['initiatives', 2],
    ],
  },
];

/** Explicit ids of partner sponsored types (= their current plan ids) and the first record id of each block. */
function layoutIds() {
  const typeIds: Record<number, Partial<Record<TypeKey, number>>> = {};
  const firstRecord: Record<number, Partial<Record<TypeKey, number>>> = {};
  let typeId = 0;
  let recordId = 0;
  for (const partner of LAYOUT) {
    typeIds[partner.partnersId] = {};
    firstRecord[partner.partnersId] = {};
    for (const [key, count] of partner.types) {
      typeIds[partner.partnersId]![key] = ++typeId;
      firstRecord[partner.partnersId]![key] = recordId + 1;
      recordId += count;
    }
  }
  return { typeIds, firstRecord, totalRecords: recordId, totalTypes: typeId };
}

const IDS = layoutIds();

function recordId(partnersId: number, key: TypeKey, indexInType: number): number {
  const first = IDS.firstRecord[partnersId]?.[key];
  if (first === undefined) throw new Error(`No ${key} block for partner ${partnersId}`);
  return first + indexInType;
}

function typeIds(partnersId: number) {
  return IDS.typeIds[partnersId] as Partial<Record<TypeKey, number>>;
}

function typeIdMap<K extends TypeKey>(partnersId: number, keys: readonly K[]): Record<K, number> {
  const ids = typeIds(partnersId);
  return Object.fromEntries(keys.map((key) => [key, ids[key] as number])) as Record<K, number>;
}

/** Ids of notable rows, for tests and the demo walkthrough. */
export const DEMO_IDS = {
  partners: { platform: 1, demo: 2, maple: 3, private: 4 },
  /** Antigua Community School: the program administrator's only entity. */
  programAdminEntity: 1,
  /** Kisumu Lakeside Academy: a demo entity outside the program administrator's scope. */
  otherDemoEntity: 2,
  mapleEntity: 5,
  privateEntity: 8,
  /** Partner sponsored type ids (each type's current plan has the same id). */
  types: {
    demo: typeIdMap(2, ['students', 'teachers', 'staff', 'classes', 'initiatives']),
    maple: typeIdMap(3, ['students', 'teachers', 'classes', 'initiatives']),
    private: typeIdMap(4, ['students', 'teachers', 'classes', 'initiatives']),
  },
  /** Masked student (Antigua) sponsored by sponsor@ (1 of 1 slot, monthly). */
  maskedSponsoredOfSponsor: recordId(2, 'students', 0),
  /** Teacher (Antigua) sponsored by sponsor@ with 2 slots yearly; 3 of 5 slots filled. */
  sponsoredOfSponsorTeacher: recordId(2, 'teachers', 0),
  /** Class (Antigua) sponsored by sponsor@ with 1 slot; 4 of 10 filled. */
  sponsoredOfSponsorClass: recordId(2, 'classes', 0),
  /** Masked student (Gulu) whose sponsorship by sponsor@ ended; now open (0 of 1). */
  endedSponsoredOfSponsor: recordId(2, 'students', 2),
  /** Masked student (Antigua) not sponsored by anyone, with profile image, gallery and updates. */
  maskedNotSponsored: recordId(2, 'students', 4),
  /** Masked student (Kisumu) not sponsored by anyone, with profile image, gallery and updates. */
  maskedNotSponsoredOtherEntity: recordId(2, 'students', 1),
  /** Student (Antigua) fully sponsored by a fill-in donor: hidden from listings. */
  fullySponsored: recordId(2, 'students', 8),
  /** Teacher (Kisumu) with 5 of 5 slots filled by fill-in donors. */
  fullySponsoredTeacher: recordId(2, 'teachers', 1),
  /** Student with no profile image (default image). */
  noProfileImage: recordId(2, 'students', 7),
  reservedSponsored: recordId(2, 'students', 10),
  inactiveSponsored: recordId(2, 'students', 17),
  archivedSponsored: recordId(2, 'students', 20),
  mapleStudent: recordId(3, 'students', 0),
  privateStudent: recordId(4, 'students', 0),
};

// ---------------------------------------------------------------------------
// Plan: every row, built in memory from a fixed PRNG seed.

type SponsoredRow = typeof sponsoreds.$inferInsert & { id: number };
type AttributeRow = typeof sponsoredAttributes.$inferInsert;
type ImageRow = typeof sponsoredImages.$inferInsert;
type UpdateRow = typeof updates.$inferInsert;

/** A sponsorship to create once user ids are known; `user` is an account email or a fill-in donor index. */
interface PlannedSponsorship {
  partnersId: number;
  sponsoredsId: number;
  user: string | number;
  numSlots: number;
  amount: number;
  interval: 'month' | 'year';
  dateStarted: Date;
  dateEnded: Date | null;
  /** A manual sponsorship's link code, for the one the demo leaves unlinked (decision 039). */
  linkCode?: string;
}

interface Plan {
  sponsoreds: SponsoredRow[];
  attributes: AttributeRow[];
  images: ImageRow[];
  updates: UpdateRow[];
  sponsorships: PlannedSponsorship[];
  imageJobs: ImageJob[];
}

const DAY = 24 * 60 * 60 * 1000;
const GALLERY_VARIANTS = 24;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Status by position, so notable rows (low positions) stay active. */
function statusFor(index: number): 'active' | 'reserved' | 'inactive' | 'archived' {
  if (index % 23 === 10) return 'reserved';
  if (index % 31 === 17) return 'inactive';
  if (index % 37 === 20) return 'archived';
  return 'active';
}

/** Grade for a student's age: preschool, kindergarten, grades 1-12, then university or trade school. */
function gradeForAge(age: number, rng: Rng): number {
  if (age <= 4) return 2;
  if (age === 5) return 3;
  if (age <= 17) return age - 2;
  return rng.chance(0.3) ? 18 : 19 + (age - 18);
}

function birthdayFor(age: number, today: Date, rng: Rng): string {
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  const todayMonth = today.getUTCMonth() + 1;
  const todayDay = today.getUTCDate();
  let year = today.getUTCFullYear() - age;
  if (month > todayMonth || (month === todayMonth && day > todayDay)) year -= 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function facts(
  rng: Rng,
  pool: readonly { description: string; values: readonly string[] }[],
  sponsoredsId: number,
): AttributeRow[] {
  const count = rng.int(2, Math.min(4, pool.length));
  return rng
    .shuffle(pool)
    .slice(0, count)
    .map((fact, sortOrder) => ({
      sponsoredsId,
      description: fact.description,
      value: rng.pick(fact.values),
      sortOrder,
    }));
}

/** How many slots of an active, non-notable record are filled. */
function plannedFill(key: TypeKey, maxSlots: number, rng: Rng): number {
  const r = rng.next();
  switch (key) {
    case 'students':
      return r < 0.35 ? 1 : 0;
    case 'initiatives':
      return r < 0.1 ? maxSlots : r < 0.85 ? rng.int(1, maxSlots - 1) : 0;
    default:
      return r < 0.2 ? maxSlots : r < 0.6 ? rng.int(1, maxSlots - 1) : 0;
  }
}

interface Notable {
  fill: number;
  sponsor?: { numSlots: number; interval: 'month' | 'year'; daysAgo: number; endedDaysAgo?: number };
  forceUpdates?: boolean;
}

function notables(): Map<number, Notable> {
  return new Map<number, Notable>([
    [
      DEMO_IDS.maskedSponsoredOfSponsor,
      { fill: 1, sponsor: { numSlots: 1, interval: 'month', daysAgo: 210 }, forceUpdates: true },
    ],
    [
      DEMO_IDS.sponsoredOfSponsorTeacher,
      { fill: 3, sponsor: { numSlots: 2, interval: 'year', daysAgo: 120 }, forceUpdates: true },
    ],
    [
      DEMO_IDS.sponsoredOfSponsorClass,
      { fill: 4, sponsor: { numSlots: 1, interval: 'month', daysAgo: 60 }, forceUpdates: true },
    ],
    [
      DEMO_IDS.endedSponsoredOfSponsor,
      {
        fill: 0,
        sponsor: { numSlots: 1, interval: 'month', daysAgo: 420, endedDaysAgo: 45 },
        forceUpdates: true,
      },
    ],
    [DEMO_IDS.maskedNotSponsored, { fill: 0, forceUpdates: true }],
    [DEMO_IDS.maskedNotSponsoredOtherEntity, { fill: 0, forceUpdates: true }],
    [DEMO_IDS.fullySponsored, { fill: 1, forceUpdates: true }],
    [DEMO_IDS.fullySponsoredTeacher, { fill: 5 }],
  ]);
}

function buildPlan(today: Date): Plan {
  const rng = mulberry32(20260401);
  const plan: Plan = {
    sponsoreds: [],
    attributes: [],
    images: [],
    updates: [],
    sponsorships: [],
    imageJobs: [],
  };
  const special = notables();
  const daysAgo = (days: number) => new Date(today.getTime() - days * DAY);
  const gallery = new Map<number, Promise<Buffer>>();
  const galleryBuffer = (variant: number) => {
    let buffer = gallery.get(variant);
    if (!buffer) {
      buffer = toWebp(gallerySvg(variant));
      gallery.set(variant, buffer);
    }
    return buffer;
  };

  for (const partner of LAYOUT) {
    const programs = ENTITIES.filter((e) => e.partnersId === partner.partnersId);
    for (const [key, count] of partner.types) {
      const def = TYPE_DEFS[key];
      const partnerSponsoredTypesId = typeIds(partner.partnersId)[key] as number;
      for (let index = 0; index < count; index++) {
        const id = recordId(partner.partnersId, key, index);
        const program = programs[index % programs.length] as EntitySeed;
        const names = NAMES[program.names]!;
        const status = statusFor(index);
        const row: SponsoredRow = {
          id,
          partnersId: partner.partnersId,
          partnerSponsoredTypesId,
          sponsoredTypesId: def.sponsoredTypesId,
          entitiesId: program.id,
          code: `${partner.codePrefix}-${String(id - recordId(partner.partnersId, partner.types[0]![0], 0) + 1).padStart(4, '0')}`,
          maxSlots: def.maxSlots,
          status,
          active: status === 'active' || status === 'reserved',
          masked: def.maskProfiles,
        };
        const isPerson = key === 'students' || key === 'teachers' || key === 'staff';
        let displayName: string;
        let letter: string;
        let attributePool = GROUP_FACTS;
        if (isPerson) {
          const gender = rng.chance(0.5) ? 'Female' : 'Male';
          row.gender = gender;
          row.firstName = rng.pick(gender === 'Female' ? names.female : names.male);
          row.lastName = rng.pick(names.last);
          displayName = row.firstName;
          letter = row.firstName.charAt(0).toUpperCase();
          if (key === 'students') {
            const age = rng.int(4, 20);
            row.birthday = birthdayFor(age, today, rng);
            row.gradesId = gradeForAge(age, rng);
            row.homeroom = `Room ${rng.int(1, 12)}${rng.pick(['A', 'B', 'C'])}`;
            row.bio = plainTextToHtml(rng.pick(STUDENT_BIOS)(row.firstName, program.city));
            // Maple's students have their bio in French too (decision 072); no draw, so the rest stays.
            if (partner.partnersId === 3) {
              const french = MAPLE_FRENCH.studentBios[index % MAPLE_FRENCH.studentBios.length]!;
              row.translations = {
                'fr-CA': {
                  bio: plainTextToHtml(french(row.firstName, program.city, gender === 'Female')) ?? '',
                },
              };
            }
            attributePool = STUDENT_FACTS;
          } else {
            row.birthday = birthdayFor(rng.int(24, 60), today, rng);
            row.title = key === 'teachers' ? `${rng.pick(SUBJECTS)} Teacher` : rng.pick(STAFF_TITLES);
            if (key === 'teachers') {
              row.gradesId = rng.int(4, 15);
              row.homeroom = `Room ${rng.int(1, 12)}${rng.pick(['A', 'B', 'C'])}`;
            }
            row.bio = plainTextToHtml(rng.pick(ADULT_BIOS)(row.firstName, row.title, program.city));
            attributePool = TEACHER_FACTS;
          }
        } else if (key === 'classes') {
          const grade = (index % 7) + 1;
          row.title =
            grade === 7 ? `Kindergarten Class, ${program.city}` : `Grade ${grade} Class, ${program.city}`;
          row.gradesId = grade === 7 ? 3 : grade + 3;
          if (index % 5 === 3) row.monthlyAmount = 3000;
          row.bio = plainTextToHtml(
            rng.pick(CLASS_BIOS)(
              grade === 7 ? 'Kindergarten' : `Grade ${grade}`,
              program.city,
              rng.int(18, 42),
            ),
          );
          displayName = row.title;
          letter = String(grade === 7 ? 'K' : grade);
        } else {
          const name = INITIATIVES[index % INITIATIVES.length] as string;
          row.title = `${name}, ${program.city}`;
          row.bio = plainTextToHtml(rng.pick(GROUP_BIOS)(name, program.city));
          displayName = name;
          letter = name.charAt(0).toUpperCase();
        }
        plan.sponsoreds.push(row);
        plan.attributes.push(...facts(rng, attributePool, id));

        const note = special.get(id);
        // Profile picture for ~95% of records; position 7 of each block exercises the default image.
        if (index % 20 !== 7 || note) {
          const profileKey = `sponsoreds/${id}/profile.webp`;
          const initial = letter;
          row.profileImagePath = profileKey;
          plan.imageJobs.push({ key: profileKey, render: () => toWebp(profileSvg(profileKey, initial)) });
        }
        const galleryCount = note ? 3 : rng.int(1, 3);
        const variants = rng.shuffle(Array.from({ length: GALLERY_VARIANTS }, (_, v) => v));
        for (let n = 1; n <= galleryCount; n++) {
          const imagePath = `sponsoreds/${id}/gallery-${n}.webp`;
          const variant = variants[n - 1] as number;
          plan.images.push({
            sponsoredsId: id,
            imagePath,
            description: rng.chance(0.25) && !(note && n === 1) ? null : rng.pick(IMAGE_DESCRIPTIONS),
            sortOrder: n - 1,
          });
          plan.imageJobs.push({ key: imagePath, render: () => galleryBuffer(variant) });
        }
        if (index % 3 === 0 || note?.forceUpdates) {
          const updateCount = note?.forceUpdates ? 3 : rng.int(1, 3);
          for (let n = 0; n < updateCount; n++) {
            plan.updates.push({
              partnersId: partner.partnersId,
              sponsoredsId: id,
              // Unguessable, as the distribution writes them: the code opens /sponsored/update/{code}.
              code: randomBytes(18).toString('base64url'),
              title: rng.pick(UPDATE_TITLES),
              distributionDate: isoDate(daysAgo(n * 60 + rng.int(3, 40))),
              updateMessage: rng.pick(isPerson ? UPDATE_MESSAGES : GROUP_UPDATE_MESSAGES)(displayName),
            });
          }
        }

        // Sponsorships: the notable plan, or a random fill for active records.
        const monthly = row.monthlyAmount ?? def.monthlyAmount;
        const line = (
          user: string | number,
          numSlots: number,
          interval: 'month' | 'year',
          started: number,
        ) => ({
          partnersId: partner.partnersId,
          sponsoredsId: id,
          user,
          numSlots,
          interval,
          amount: monthly * numSlots * (interval === 'year' ? 12 : 1),
          dateStarted: daysAgo(started),
          dateEnded: null as Date | null,
        });
        let fill = note ? note.fill : status === 'active' ? plannedFill(key, def.maxSlots, rng) : 0;
        if (note?.sponsor) {
          const s = note.sponsor;
          const planned = line('sponsor@demo.example.org', s.numSlots, s.interval, s.daysAgo);
          if (s.endedDaysAgo !== undefined) planned.dateEnded = daysAgo(s.endedDaysAgo);
          else fill -= s.numSlots;
          plan.sponsorships.push(planned);
        }
        if (fill > 0) {
          const donors = rng.shuffle(FILL_IN_DONORS.map((_, i) => i)).slice(0, Math.min(fill, rng.int(1, 8)));
          const base = Math.floor(fill / donors.length);
          const extra = fill % donors.length;
          donors.forEach((donor, i) => {
            const interval = rng.chance(0.75) ? 'month' : 'year';
            plan.sponsorships.push(line(donor, base + (i < extra ? 1 : 0), interval, rng.int(20, 900)));
          });
        }
        // Some history: an ended sponsorship by a fill-in donor.
        if (!note && rng.chance(0.06)) {
          const ended = line(rng.int(0, FILL_IN_DONORS.length - 1), 1, 'month', rng.int(400, 1000));
          ended.dateEnded = daysAgo(rng.int(30, 380));
          plan.sponsorships.push(ended);
        }
      }
    }
  }
  return plan;
}

// ---------------------------------------------------------------------------
// Writing.

const CHUNK = 500;

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + CHUNK));
  }
}

/** Moves a serial sequence past explicitly inserted ids. */
async function syncSequence(tx: Tx, table: string): Promise<void> {
  await tx.execute(
    sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`),
  );
}

function partnerRows(): (typeof partners.$inferInsert)[] {
  const style = (id: number) => PARTNER_STYLE.find((p) => p.id === id)!;
  const images = (id: number) => ({
    headerImage: `partners/${id}/header.webp`,
    logo: `partners/${id}/logo.webp`,
    imageUrl: `partners/${id}/header.webp`,
  });
  const base = (id: number) => {
    const s = style(id);
    return {
      id,
      subdomain: s.subdomain,
      name: s.name,
      countriesId: s.countriesId,
      landingPageTemplatesId: s.landingPageTemplatesId,
      brandColor: s.brandColor,
      ...images(id),
    };
  };
  return [
    {
      ...base(1),
      isSupportSite: true,
      tagline: 'Sponsorship and giving, in your own colours.',
      description:
        '<p>Kinship is a white-label platform for charities and school networks to run branded sponsorship and donation sites.</p><p>This is the platform owner&rsquo;s support site.</p>',
      supportEmail: 'support@kinship.example.org',
      website: 'https://kinship.example',
    },
    {
      ...base(2),
      demoMode: true,
      ein: '12-3456789',
      tagline: 'Every child deserves a great school — and a friend who believes in them.',
      description:
        '<p><strong>Bright Futures</strong> partners with community schools in Guatemala, Kenya, Uganda and the Philippines.</p><p>Sponsors cover tuition, meals and teacher salaries, and receive updates from the children and classrooms they support.</p><p><em>This is a demo site: no real payments are taken.</em></p>',
      supportEmail: 'hello@brightfutures.example',
      website: 'https://brightfutures.example',
      facebook: 'https://www.facebook.com/brightfutures.example',
      instagram: 'https://www.instagram.com/brightfutures.example',
      twitter: 'https://twitter.com/brightfutures_ex',
      stripeUserId: 'acct_sandbox_demo',
      principalContactName: 'Dana Brooks',
      principalContactEmail: 'partner-admin@demo.example.org',
      principalContactTitle: 'Executive Director',
      accountManagerName: 'Alex Rivera',
      accountManagerEmail: 'admin@kinship.example.org',
    },
    {
      ...base(3),
      ein: '123456789RR0001',
      // A Canadian network, in English and French (decision 070).
      defaultLocale: 'en-CA',
      locales: ['en-CA', 'fr-CA'],
      translations: { 'fr-CA': { tagline: MAPLE_FRENCH.tagline, description: MAPLE_FRENCH.description } },
      tagline: 'Schools that welcome every learner, from Jacmel to Winnipeg.',
      description:
        '<p>The <strong>Maple Schools Network</strong> is a Canadian registered charity supporting partner schools in Haiti and Peru and newcomer students in Winnipeg.</p><p>Sponsor a student, a teacher or a whole school project.</p>',
      supportEmail: 'info@mapleschools.example',
      website: 'https://mapleschools.example',
      facebook: 'https://www.facebook.com/mapleschools.example',
      stripeUserId: 'acct_sandbox_maple',
      currency: 'cad',
      principalContactName: 'Claire Tremblay',
      principalContactEmail: 'admin@maple.example.org',
      principalContactTitle: 'Director of Programs',
    },
    {
      ...base(4),
      demoMode: true,
      privateDemo: true,
      tagline: 'A private pilot of school sponsorship in Pokhara.',
      description:
        '<p>Harbor is piloting sponsorships with one school in Nepal. This site is visible to invited staff only.</p>',
      supportEmail: 'pilot@harbor.example',
      website: 'https://harbor.example',
    },
  ];
}

function partnerTypeRows(): (typeof partnerSponsoredTypes.$inferInsert)[] {
  const rows: (typeof partnerSponsoredTypes.$inferInsert)[] = [];
  for (const partner of LAYOUT) {
    partner.types.forEach(([key], sortOrder) => {
      const def = TYPE_DEFS[key];
      rows.push({
        id: typeIds(partner.partnersId)[key] as number,
        partnersId: partner.partnersId,
        sponsoredTypesId: def.sponsoredTypesId,
        identifier: key,
        customLabelSingular: def.singular,
        customLabelPlural: def.plural,
        customSlotName: partner.partnersId === 3 && key === 'teachers' ? 'Seat' : 'Slot',
        description: def.description,
        sortOrder,
        visibleSlots: def.visibleSlots,
        maxSlots: def.maxSlots,
        maskProfiles: def.maskProfiles,
        showBirthday: false,
        showAge: def.showAge,
        showLastName: def.showLastName,
        gridLayout: def.gridLayout,
        ...(partner.partnersId === 3 && MAPLE_FRENCH.types[key]
          ? { translations: { 'fr-CA': MAPLE_FRENCH.types[key] } }
          : {}),
      });
    });
  }
  return rows;
}

const FILTERS: Record<number, readonly ('age' | 'gender' | 'grade' | 'month' | 'program')[]> = {
  1: ['age', 'gender', 'grade', 'month', 'program'],
  2: ['gender', 'grade', 'program'],
  3: ['gender', 'program'],
  5: ['grade', 'program'],
  4: ['program'],
};

const FILTER_DEFS = {
  age: { label: 'Age', type: 'static', filterField: 'ageBand', filterOptionKind: 1 },
  gender: { label: 'Gender', type: 'static', filterField: 'gender', filterOptionKind: 3 },
  grade: { label: 'Grade', type: 'static', filterField: 'gradesId', filterOptionKind: 4 },
  month: { label: 'Birth month', type: 'static', filterField: 'birthMonth', filterOptionKind: 5 },
  program: { label: 'Program', type: 'dynamic', filterField: 'entitiesId', filterOptionKind: 2 },
} as const;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const FILTER_OPTIONS: Record<number, readonly { value: string; label: string }[]> = {
  1: ['0-5', '6-10', '11-15', '16-21', '21+'].map((v) => ({ value: v, label: v })),
  3: ['Male', 'Female'].map((v) => ({ value: v, label: v })),
  5: MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label })),
};

/** Filter types are global per sponsored type; written only when none exist yet. */
async function writeFilters(tx: Tx): Promise<void> {
  const existing = await tx.select({ id: filterTypes.id }).from(filterTypes).limit(1);
  if (existing.length > 0) return;
  const typeRows = Object.entries(FILTERS).flatMap(([sponsoredTypesId, keys]) =>
    keys.map((key, sortOrder) => ({
      sponsoredTypesId: Number(sponsoredTypesId),
      sortOrder,
      ...FILTER_DEFS[key],
    })),
  );
  const inserted = await tx
    .insert(filterTypes)
    .values(typeRows)
    .returning({ id: filterTypes.id, filterOptionKind: filterTypes.filterOptionKind });
  const optionRows = inserted.flatMap((filterType) =>
    (FILTER_OPTIONS[filterType.filterOptionKind] ?? []).map((option, sortOrder) => ({
      filterTypesId: filterType.id,
      ...option,
      sortOrder,
    })),
  );
  await insertAll(tx, filterOptions, optionRows);
}

function imageJobsForPlaces(): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const p of PARTNER_STYLE) {
    const header = `partners/${p.id}/header.webp`;
    jobs.push({ key: header, render: () => toWebp(headerSvg(header, p.brandColor, p.accent)) });
    jobs.push({
      key: `partners/${p.id}/logo.webp`,
      render: () => toWebp(logoSvg(p.brandColor, p.accent, p.initials)),
    });
  }
  for (const e of ENTITIES) {
    const key = `entities/${e.id}/cover.webp`;
    jobs.push({ key, render: () => toWebp(coverSvg(key, e.colors)) });
  }
  for (const [id, content] of Object.entries(COUNTRY_CONTENT)) {
    const key = `countries/${id}/cover.webp`;
    const name = COUNTRIES.find((c) => c.id === Number(id))?.name;
    jobs.push({ key, render: () => toWebp(coverSvg(key, content.colors, name)) });
  }
  return jobs;
}

/**
 * Writes the demo partners, programs, records, accounts and images.
 * Does nothing when any partner exists. Everything in the database happens in one transaction;
 * logins are created before it and images are written alongside it.
 */
/**
 * The manual (offline) sponsorship the demo leaves for a newcomer to link at /link: recorded by
 * the partner for Grace Offline, who has no account yet (a temp account). Type the code after
 * signing up with any email, then pay it by card.
 */
export const DEMO_OFFLINE_SPONSOR = {
  email: 'grace.offline@donors.example',
  firstName: 'Grace',
  lastName: 'Offline',
  linkCode: 'GRACE7KS2H',
} as const;

/**
 * Adds the offline sponsorship to the plan after it is built (so the PRNG-drawn rest is unchanged):
 * the first active class of the program administrator's program with two slots or more open.
 */
function addOfflineSponsorship(plan: Plan, today: Date): void {
  const filled = new Map<number, number>();
  for (const s of plan.sponsorships) {
    if (!s.dateEnded) filled.set(s.sponsoredsId, (filled.get(s.sponsoredsId) ?? 0) + s.numSlots);
  }
  const classes = DEMO_IDS.types.demo.classes!;
  const record = plan.sponsoreds.find(
    (r) =>
      r.partnersId === DEMO_IDS.partners.demo &&
      r.partnerSponsoredTypesId === classes &&
      r.entitiesId === DEMO_IDS.programAdminEntity &&
      r.status === 'active' &&
      r.id !== DEMO_IDS.sponsoredOfSponsorClass &&
      (r.maxSlots ?? 1) - (filled.get(r.id) ?? 0) >= 2,
  );
  if (!record) return;
  const monthly = record.monthlyAmount ?? 2500;
  plan.sponsorships.push({
    partnersId: DEMO_IDS.partners.demo,
    sponsoredsId: record.id,
    user: DEMO_OFFLINE_SPONSOR.email,
    numSlots: 1,
    amount: monthly,
    interval: 'month',
    dateStarted: new Date(today.getTime() - 14 * DAY),
    dateEnded: null,
    linkCode: DEMO_OFFLINE_SPONSOR.linkCode,
  });
}

export async function seedDemo(db: Db, deps: SeedDeps): Promise<{ seeded: boolean }> {
  const existing = await db.select({ id: partners.id }).from(partners).limit(1);
  if (existing.length > 0) return { seeded: false };

  const today = new Date(new Date().toISOString().slice(0, 10));
  const plan = buildPlan(today);
  addOfflineSponsorship(plan, today);

  const authIds = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const person = ACCOUNT_PEOPLE[account.email]!;
    authIds.set(
      account.email,
      await deps.createLogin(account.email, account.password, `${person.firstName} ${person.lastName}`),
    );
  }

  const images = writeImages(deps.storage, [...imageJobsForPlaces(), ...plan.imageJobs]);
  // Keep a failed image write from surfacing as an unhandled rejection while the transaction runs.
  images.catch(() => undefined);

  await db.transaction(async (tx) => {
    await tx.insert(partners).values(partnerRows());
    await syncSequence(tx, 'partners');
    await tx
      .insert(partnerDomains)
      .values([{ partnersId: 2, domain: 'demo.kinship.example', verifiedAt: new Date() }]);
    await tx
      .insert(partnerFeatures)
      .values([
        ...[7, 5, 6, 9, 1, 2, 4].map((featuresId) => ({ partnersId: 2, featuresId })),
        { partnersId: 3, featuresId: 9 },
      ]);
    await tx.insert(partnerSettings).values([
      { partnersId: 2, partnerSettingTypesId: 1, value: 'true' },
      { partnersId: 3, partnerSettingTypesId: 3, value: 'School' },
      { partnersId: 3, partnerSettingTypesId: 2, value: 'Support Me' },
      { partnersId: 3, partnerSettingTypesId: 4, value: 'true' },
    ]);

    const countryValues = Object.entries(COUNTRY_CONTENT).map(
      ([id, content]) => sql`(${Number(id)}::int, ${content.description}, ${`countries/${id}/cover.webp`})`,
    );
    await tx.execute(
      sql`UPDATE countries AS c SET description = v.description, image_url = v.image_url
          FROM (VALUES ${sql.join(countryValues, sql`, `)}) AS v(id, description, image_url)
          WHERE c.id = v.id`,
    );
    // The countries of maple's programs described in French too (decision 072).
    for (const [id, description] of Object.entries(MAPLE_FRENCH.countries)) {
      await tx.execute(
        sql`UPDATE countries SET translations = ${JSON.stringify({ 'fr-CA': { description } })}::jsonb
            WHERE id = ${Number(id)}`,
      );
    }

    await tx.insert(entities).values(
      ENTITIES.map((e) => ({
        id: e.id,
        partnersId: e.partnersId,
        name: e.name,
        city: e.city,
        countriesId: e.countriesId,
        latitude: e.latitude,
        longitude: e.longitude,
        description: e.description,
        ...(MAPLE_FRENCH.programs[e.id]
          ? { translations: { 'fr-CA': { description: MAPLE_FRENCH.programs[e.id]! } } }
          : {}),
        imageUrl: `entities/${e.id}/cover.webp`,
      })),
    );
    await syncSequence(tx, 'entities');

    const typeRows = partnerTypeRows();
    await tx.insert(partnerSponsoredTypes).values(typeRows);
    await syncSequence(tx, 'partner_sponsored_types');
    const monthlyByType = new Map<number, number>();
    for (const partner of LAYOUT) {
      for (const [key] of partner.types) {
        monthlyByType.set(typeIds(partner.partnersId)[key] as number, TYPE_DEFS[key].monthlyAmount);
      }
    }
    await tx.insert(sponsoredTypePlans).values(
      typeRows.map((t) => ({
        id: t.id!,
        partnerSponsoredTypesId: t.id!,
        monthlyAmount: monthlyByType.get(t.id!)!,
      })),
    );
    await syncSequence(tx, 'sponsored_type_plans');
    await tx
      .insert(sponsoredTypePlanIntervals)
      .values(
        typeRows.flatMap((t) =>
          [1, 2].map((paymentIntervalsId) => ({ sponsoredTypePlansId: t.id!, paymentIntervalsId })),
        ),
      );
    await writeFilters(tx);

    // slots_filled equals the sum of active sponsorships for each record.
    const filled = new Map<number, number>();
    for (const s of plan.sponsorships) {
      if (!s.dateEnded) filled.set(s.sponsoredsId, (filled.get(s.sponsoredsId) ?? 0) + s.numSlots);
    }
    await insertAll(
      tx,
      sponsoreds,
      plan.sponsoreds.map((row) => ({ ...row, slotsFilled: filled.get(row.id) ?? 0 })),
    );
    await syncSequence(tx, 'sponsoreds');
    await insertAll(tx, sponsoredAttributes, plan.attributes);
    await insertAll(tx, sponsoredImages, plan.images);
    await insertAll(tx, updates, plan.updates);

    const userRows: (typeof users.$inferInsert)[] = [
      ...DEMO_ACCOUNTS.map((account) => ({
        authUserId: authIds.get(account.email)!,
        email: account.email,
        ...ACCOUNT_PEOPLE[account.email]!,
      })),
      ...FILL_IN_DONORS.map(([firstName, lastName, city, state], i) => ({
        firstName,
        lastName,
        email: `${firstName}.${lastName}@donors.example`.toLowerCase(),
        address1: `${100 + i * 17} Main Street`,
        city,
        state,
        zip: String(10000 + i * 7919).padStart(5, '0'),
      })),
      {
        firstName: DEMO_OFFLINE_SPONSOR.firstName,
        lastName: DEMO_OFFLINE_SPONSOR.lastName,
        email: DEMO_OFFLINE_SPONSOR.email,
        tempAccount: true,
      },
    ];
    const insertedUsers = await tx
      .insert(users)
      .values(userRows)
      .returning({ id: users.id, email: users.email });
    const userIdByEmail = new Map(insertedUsers.map((u) => [u.email!, u.id]));
    const donorIds = FILL_IN_DONORS.map(([first, last]) =>
      userIdByEmail.get(`${first}.${last}@donors.example`.toLowerCase())!,
    );

    const admins: [string, number, number[], number[]][] = [
      ['admin@kinship.example.org', 1, [2], []],
      ['partner-admin@demo.example.org', 2, [2], []],
      ['program-admin@demo.example.org', 2, [2, 3], [DEMO_IDS.programAdminEntity]],
      ['admin@maple.example.org', 3, [2], []],
      ['reporting@demo.example.org', 2, [3], []],
      ['management@demo.example.org', 2, [4], [DEMO_IDS.programAdminEntity]],
      ['messages@demo.example.org', 2, [5], []],
      ['donor-care@demo.example.org', 2, [6], []],
      ['donor-care@demo.example.org', 3, [3], []],
    ];
    const insertedPartnerUsers = await tx
      .insert(partnerUsers)
      .values(admins.map(([email, partnersId]) => ({ partnersId, usersId: userIdByEmail.get(email)! })))
      .returning({ id: partnerUsers.id, usersId: partnerUsers.usersId, partnersId: partnerUsers.partnersId });
    // One partner user per person and partner.
    const partnerUserId = (email: string, partnersId: number) =>
      insertedPartnerUsers.find(
        (pu) => pu.usersId === userIdByEmail.get(email) && pu.partnersId === partnersId,
      )!.id;
    await tx
      .insert(partnerUserRoles)
      .values(
        admins.flatMap(([email, partnersId, roles]) =>
          roles.map((rolesId) => ({ partnerUsersId: partnerUserId(email, partnersId), rolesId })),
        ),
      );
    await tx
      .insert(partnerUserEntities)
      .values(
        admins.flatMap(([email, partnersId, , scope]) =>
          scope.map((entitiesId) => ({ partnerUsersId: partnerUserId(email, partnersId), entitiesId })),
        ),
      );
    // The Team section's invitations (decision 045): one pending, one withdrawn. Their stored nonce
    // hash is no SHA-256 of any nonce, so no link can ever accept them; a newcomer sees the states.
    const inviter = userIdByEmail.get('partner-admin@demo.example.org')!;
    await tx.insert(staffInvitations).values([
      {
        partnersId: 2,
        email: 'new-coordinator@demo.example.org',
        roles: [4],
        entityIds: [DEMO_IDS.programAdminEntity],
        nonceHash: 'seeded-invitation-without-a-link',
        expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
        invitedBy: inviter,
      },
      {
        partnersId: 2,
        email: 'former-volunteer@demo.example.org',
        roles: [3],
        nonceHash: 'seeded-invitation-without-a-link',
        status: 'revoked',
        expiresAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
        revokedAt: new Date(),
        invitedBy: inviter,
      },
    ]);

    await insertAll(
      tx,
      userSponsoreds,
      plan.sponsorships.map((s) => ({
        partnersId: s.partnersId,
        sponsoredsId: s.sponsoredsId,
        usersId: typeof s.user === 'number' ? donorIds[s.user]! : userIdByEmail.get(s.user)!,
        numSlots: s.numSlots,
        amount: s.amount,
        interval: s.interval,
        dateStarted: s.dateStarted,
        dateEnded: s.dateEnded,
        // No subscription behind them: recorded by the partner, paid offline (convertible to card).
        isManual: true,
        linkCode: s.linkCode ?? null,
      })),
    );
    await seedDemoGiving(tx, today);
    await seedGivingCodes(tx, today);
    await seedUpdatePosts(tx, userIdByEmail.get('partner-admin@demo.example.org')!);
    await seedDemoLetters(tx, DEMO_IDS.partners.demo, {
      maskedOfSponsor: DEMO_IDS.maskedSponsoredOfSponsor,
      teacherOfSponsor: DEMO_IDS.sponsoredOfSponsorTeacher,
      moderatorId: userIdByEmail.get('messages@demo.example.org')!,
      adminId: userIdByEmail.get('partner-admin@demo.example.org')!,
    });
  });

  await seedGivingDemo(db);
  await images;
  return { seeded: true };
}

/** The demo lightning link's code (/lightning/students/SPRINGGALA). */
export const DEMO_LIGHTNING_CODE = 'SPRINGGALA';
/** A demo gift code that expired unredeemed. */
export const DEMO_EXPIRED_GIFT_CODE = 'EXPRDGFTDEMXCD234567';
/** A demo trial code that expired unused. */
export const DEMO_EXPIRED_TRIAL_CODE = 'EXPRDTRLDEMXCD234567';

/**
 * Issue 15's demo rows on the demo partner: a paid gift waiting for its delivery date (its slot held
 * for the recipient), three unused trial codes of an event and a lightning link with its campaign.
 */
async function seedGivingCodes(tx: Tx, today: Date): Promise<void> {
  const typeOf = typeIdMap(2, ['students', 'teachers']);
  const rows = await tx.execute(sql`
    SELECT id FROM sponsoreds
     WHERE partners_id = 2 AND partner_sponsored_types_id = ${typeOf.teachers} AND status = 'active'
       AND active AND max_slots - slots_filled >= 3
     ORDER BY id DESC LIMIT 1`);
  const teacher = Number(((rows as unknown as { rows: { id: number }[] }).rows[0] ?? { id: 0 }).id);
  const deliverOn = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 14));
  const expiresAt = new Date(deliverOn.getTime() + GIFT_CODE_VALID_DAYS * 86_400_000);
  if (teacher) {
    const [order] = await tx
      .insert(orders)
      .values({
        partnersId: 2,
        kind: 'gift',
        status: 'succeeded',
        baseAmount: 30000,
        currency: 'usd',
        completedAt: today,
      })
      .returning({ id: orders.id });
    await tx
      .insert(slotHolds)
      .values({ partnersId: 2, sponsoredsId: teacher, ordersId: order!.id, numSlots: 1, expiresAt });
    await tx.insert(giftCodes).values({
      partnersId: 2,
      code: newCode(),
      manageCode: newCode(),
      ordersId: order!.id,
      sponsoredsId: teacher,
      partnerSponsoredTypesId: typeOf.teachers,
      months: 6,
      amount: 30000,
      giverName: 'Rosa Giver',
      giverEmail: 'rosa.giver@example.org',
      recipientName: 'Tom Friend',
      recipientEmail: 'tom.friend@example.org',
      message: 'Happy birthday, Tom! A year of school for someone, from me to you.',
      deliverOn,
      expiresAt,
    });
  }
  // A gift whose code has expired unredeemed (its hold lapsed with it): what /redeem says of one.
  const [expiredOrder] = await tx
    .insert(orders)
    .values({
      partnersId: 2,
      kind: 'gift',
      status: 'succeeded',
      baseAmount: 11700,
      currency: 'usd',
      completedAt: today,
    })
    .returning({ id: orders.id });
  const lapsed = new Date(today.getTime() - 86_400_000);
  await tx.insert(giftCodes).values({
    partnersId: 2,
    code: DEMO_EXPIRED_GIFT_CODE,
    manageCode: newCode(),
    ordersId: expiredOrder!.id,
    partnerSponsoredTypesId: typeOf.students,
    months: 3,
    amount: 11700,
    giverName: 'Old Giver',
    giverEmail: 'old.giver@example.org',
    recipientName: 'Late Friend',
    recipientEmail: 'late.friend@example.org',
    deliverOn: new Date(lapsed.getTime() - 91 * 86_400_000),
    deliveredAt: new Date(lapsed.getTime() - 91 * 86_400_000),
    expiresAt: lapsed,
  });
  await tx.insert(trialCodes).values({
    partnersId: 2,
    code: DEMO_EXPIRED_TRIAL_CODE,
    days: 14,
    batch: 'Last year’s fair',
    expiresAt: lapsed,
  });
  await tx.insert(trialCodes).values(
    [0, 1, 2].map(() => ({
      partnersId: 2,
      code: newCode(),
      days: 30,
      partnerSponsoredTypesId: typeOf.students,
      batch: 'Spring gala',
      expiresAt: new Date(today.getTime() + 180 * 86_400_000),
    })),
  );
  await tx.insert(lightningLinks).values({
    partnersId: 2,
    code: DEMO_LIGHTNING_CODE,
    campaign: 'Spring gala table cards',
    partnerSponsoredTypesId: typeOf.students,
  });
}

/**
 * The Updates section's demo (issue 13 item 2): two sent updates to the records the demo sponsor
 * sponsors, with their record updates and notices (one opened), and one scheduled for next week.
 */
async function seedUpdatePosts(tx: Tx, authorId: number): Promise<void> {
  const records = [
    DEMO_IDS.maskedSponsoredOfSponsor,
    DEMO_IDS.sponsoredOfSponsorTeacher,
    DEMO_IDS.sponsoredOfSponsorClass,
  ];
  const rows = (
    (await tx.execute(
      sql`SELECT id, entities_id FROM sponsoreds WHERE id IN (${sql.join(
        records.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )) as unknown as { rows: { id: number; entities_id: number }[] }
  ).rows;
  const entityOf = new Map(rows.map((r) => [Number(r.id), Number(r.entities_id)]));
  const day = 24 * 3600 * 1000;
  const posts = [
    {
      title: 'End of term celebrations',
      message:
        '<p>The school year closed with a <strong>celebration day</strong>: songs, a football match and prizes for reading.</p><p>Thank you for making this year possible.</p>',
      ids: records,
      at: new Date(Date.now() - 20 * day),
      status: 'sent' as const,
    },
    {
      title: 'New classroom books',
      message:
        '<p>Sponsors paid for a new shelf of reading books this month. The children chose the first ten titles themselves.</p>',
      ids: [DEMO_IDS.maskedSponsoredOfSponsor, DEMO_IDS.sponsoredOfSponsorClass],
      at: new Date(Date.now() - 6 * day),
      status: 'sent' as const,
    },
    {
      title: 'Sports day next week',
      message: '<p>Next week is sports day. We will share pictures of the races and the team games.</p>',
      ids: [DEMO_IDS.sponsoredOfSponsorTeacher, DEMO_IDS.sponsoredOfSponsorClass],
      at: new Date(Date.now() + 7 * day),
      status: 'scheduled' as const,
    },
  ];
  for (const [index, post] of posts.entries()) {
    const [inserted] = (
      (await tx.execute(sql`
        INSERT INTO update_posts (partners_id, title, update_message, audience, sponsoreds_ids, entity_ids, status, distribute_at, sent_at, created_by_users_id)
        VALUES (${DEMO_IDS.partners.demo}, ${post.title}, ${post.message},
          ${JSON.stringify({ kind: 'records', sponsoredsIds: post.ids })}::jsonb,
          ${`{${post.ids.join(',')}}`}::int[],
          ${`{${[...new Set(post.ids.map((id) => entityOf.get(id)!))].sort((a, b) => a - b).join(',')}}`}::int[],
          ${post.status}, ${post.at.toISOString()}::timestamptz,
          ${post.status === 'sent' ? post.at.toISOString() : null}::timestamptz, ${authorId})
        RETURNING id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    if (post.status !== 'sent') continue;
    for (const id of post.ids) {
      const [update] = (
        (await tx.execute(sql`
          INSERT INTO updates (partners_id, sponsoreds_id, code, title, distribution_date, update_message, update_posts_id)
          VALUES (${DEMO_IDS.partners.demo}, ${id}, ${randomBytes(18).toString('base64url')}, ${post.title},
            ${post.at.toISOString().slice(0, 10)}::date, ${post.message}, ${inserted!.id})
          RETURNING id`)) as unknown as { rows: { id: number }[] }
      ).rows;
      // One notice per active sponsor; the first post's notice to the demo sponsor was opened.
      await tx.execute(sql`
        INSERT INTO update_notices (partners_id, updates_id, users_id, sent_at, opened_at)
        SELECT DISTINCT ${DEMO_IDS.partners.demo}::int, ${update!.id}::int, us.users_id, ${post.at.toISOString()}::timestamptz,
          CASE WHEN ${index} = 0 AND u.email = 'sponsor@demo.example.org' THEN ${post.at.toISOString()}::timestamptz END
        FROM user_sponsoreds us JOIN users u ON u.id = us.users_id
        WHERE us.sponsoreds_id = ${id} AND us.date_ended IS NULL`);
    }
  }
}
