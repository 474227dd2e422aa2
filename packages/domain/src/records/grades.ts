import { MESSAGES } from '../shared/constants.ts';

// Grade ids (spec 3, "Grades").

function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

function buildGrades(): Record<number, string> {
  const grades: Record<number, string> = {
    0: 'Unknown',
    1: 'Nursery School',
    2: 'Preschool',
    3: 'Kindergarten',
  };
  // 4 to 15 are 1st to 12th grade.
  for (let grade = 1; grade <= 12; grade++) grades[grade + 3] = `${ordinal(grade)} Grade`;
  grades[16] = 'University - General';
  grades[17] = 'Special Education';
  grades[18] = 'Trade School';
  // 19 to 23 are university year 1 to 5.
  for (let year = 1; year <= 5; year++) grades[year + 18] = `University Year ${year}`;
  grades[24] = 'University - Grad School';
  return grades;
}

export const GRADES: Readonly<Record<number, string>> = Object.freeze(buildGrades());

export const GRADE_IDS: readonly number[] = Object.keys(GRADES).map(Number);

/** The name of a grade; throws 'Whoops, missing grade!' for an unknown id. */
export function gradeName(gradesId: number): string {
  const name = Object.hasOwn(GRADES, gradesId) ? GRADES[gradesId] : undefined;
  if (name === undefined) throw new Error(MESSAGES.missingGrade);
  return name;
}
