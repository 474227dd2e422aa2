import { defineMessage, defineMessages, type IntlShape } from 'react-intl';

/**
 * The spec's grade names (domain GRADES, spec 3 "Grades") as catalogue messages, ordinals through
 * ICU (the numbered grades below). Their English is the domain's wording exactly; a test holds each one equal to GRADES.
 */
export const gradeMessages = defineMessages({
  unknown: { id: 'grade.unknown', defaultMessage: 'Unknown' },
  nurserySchool: { id: 'grade.nurserySchool', defaultMessage: 'Nursery School' },
  preschool: { id: 'grade.preschool', defaultMessage: 'Preschool' },
  kindergarten: { id: 'grade.kindergarten', defaultMessage: 'Kindergarten' },
  school: {
    id: 'grade.school',
    defaultMessage:
      '{grade, selectordinal, one {#st Grade} two {#nd Grade} few {#rd Grade} other {#th Grade}}',
  },
  universityGeneral: { id: 'grade.universityGeneral', defaultMessage: 'University - General' },
  specialEducation: { id: 'grade.specialEducation', defaultMessage: 'Special Education' },
  tradeSchool: { id: 'grade.tradeSchool', defaultMessage: 'Trade School' },
  gradSchool: { id: 'grade.gradSchool', defaultMessage: 'University - Grad School' },
});

const schoolGrade = defineMessage<{ grade: number }>({
  id: 'grade.school',
  defaultMessage: '{grade, selectordinal, one {#st Grade} two {#nd Grade} few {#rd Grade} other {#th Grade}}',
});

const universityYear = defineMessage<{ year: number }>({
  id: 'grade.universityYear',
  defaultMessage: 'University Year {year}',
});

const NAMED: Partial<Record<number, keyof typeof gradeMessages>> = {
  0: 'unknown',
  1: 'nurserySchool',
  2: 'preschool',
  3: 'kindergarten',
  16: 'universityGeneral',
  17: 'specialEducation',
  18: 'tradeSchool',
  24: 'gradSchool',
};

/**
 * A grade's name in the page's language: ids 4 to 15 are 1st to 12th grade, 19 to 23 university
 * year 1 to 5. An id the spec does not list shows `fallback` (the name the server sent).
 */
export function formatGrade(intl: IntlShape, gradesId: number, fallback: string): string {
  const named = NAMED[gradesId];
  if (named) return intl.formatMessage(gradeMessages[named]);
  if (gradesId >= 4 && gradesId <= 15) return intl.formatMessage(schoolGrade, { grade: gradesId - 3 });
  if (gradesId >= 19 && gradesId <= 23) {
    return intl.formatMessage(universityYear, { year: gradesId - 18 });
  }
  return fallback;
}
