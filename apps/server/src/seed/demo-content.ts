/** Static text of the demo data: partners, programs, names and phrases. Pure data, no logic. */

export interface NamePool {
  male: readonly string[];
  female: readonly string[];
  last: readonly string[];
}

export const NAMES: Record<string, NamePool> = {
  gt: {
    male: [
      'Mateo',
      'Diego',
      'Josué',
      'Kevin',
      'Luis',
      'Ixchel',
      'Santiago',
      'Byron',
      'Tomás',
      'Esteban',
      'Kawoq',
      'Andrés',
    ],
    female: [
      'Ana',
      'María',
      'Gabriela',
      'Lucía',
      'Sofía',
      'Yesenia',
      'Ixmucané',
      'Alejandra',
      'Rosa',
      'Fernanda',
      'Dulce',
      'Paola',
    ],
    last: [
      'López',
      'Ajú',
      'Xicará',
      'Pérez',
      'Tzoc',
      'Morales',
      'García',
      'Cumes',
      'Hernández',
      'Chávez',
      'Son',
      'Ramírez',
    ],
  },
  ke: {
    male: [
      'Otieno',
      'Brian',
      'Kevin',
      'Ochieng',
      'Dennis',
      'Juma',
      'Collins',
      'Kiprono',
      'Baraka',
      'Odhiambo',
      'Felix',
      'Tony',
    ],
    female: [
      'Akinyi',
      'Faith',
      'Achieng',
      'Mercy',
      'Wanjiru',
      'Atieno',
      'Esther',
      'Nafula',
      'Purity',
      'Imani',
      'Joy',
      'Adhiambo',
    ],
    last: [
      'Odhiambo',
      'Onyango',
      'Otieno',
      'Ouma',
      'Wambui',
      'Kamau',
      'Owino',
      'Achieng',
      'Were',
      'Okoth',
      'Mutua',
      'Auma',
    ],
  },
  ug: {
    male: [
      'Okello',
      'Ocen',
      'Moses',
      'Opio',
      'Isaac',
      'Komakech',
      'Samuel',
      'Oryem',
      'Denis',
      'Ojok',
      'Ronald',
      'Peter',
    ],
    female: [
      'Aciro',
      'Lamunu',
      'Grace',
      'Akello',
      'Brenda',
      'Atim',
      'Harriet',
      'Aber',
      'Sarah',
      'Lakot',
      'Stella',
      'Ajok',
    ],
    last: [
      'Okello',
      'Opiyo',
      'Ocaya',
      'Acan',
      'Ojara',
      'Komakech',
      'Odong',
      'Lamwaka',
      'Olanya',
      'Ayella',
      'Oryema',
      'Oola',
    ],
  },
  ph: {
    male: [
      'Jose',
      'Miguel',
      'Paolo',
      'Rafael',
      'Jericho',
      'Carlo',
      'Joshua',
      'Nathaniel',
      'Angelo',
      'Renz',
      'Emilio',
      'Gabriel',
    ],
    female: [
      'Maria',
      'Angelica',
      'Kristine',
      'Jasmine',
      'Princess',
      'Bea',
      'Camille',
      'Rhea',
      'Althea',
      'Joy',
      'Mae',
      'Liza',
    ],
    last: [
      'Santos',
      'Reyes',
      'Cruz',
      'Bautista',
      'Ocampo',
      'Garcia',
      'Mendoza',
      'Villanueva',
      'Aquino',
      'Tan',
      'Ramos',
      'Dela Cruz',
    ],
  },
  ht: {
    male: [
      'Jean',
      'Wilson',
      'Stanley',
      'Peterson',
      'Junior',
      'Ricardo',
      'Emmanuel',
      'Frantz',
      'Daniel',
      'Kervens',
      'Samuel',
      'Ludovic',
    ],
    female: [
      'Roseline',
      'Naïka',
      'Fabienne',
      'Darline',
      'Esther',
      'Manoucheka',
      'Guerline',
      'Sabine',
      'Wislande',
      'Nadège',
      'Lovely',
      'Marie',
    ],
    last: [
      'Joseph',
      'Pierre',
      'Louis',
      'Jean-Baptiste',
      'Charles',
      'Étienne',
      'Désir',
      'Augustin',
      'Célestin',
      'Baptiste',
      'Noël',
      'Dorval',
    ],
  },
  pe: {
    male: [
      'Wayra',
      'Luis',
      'Jhon',
      'Alonso',
      'Inti',
      'Rodrigo',
      'Yupanqui',
      'Gustavo',
      'Franco',
      'Amaru',
      'Cristian',
      'Elías',
    ],
    female: [
      'Killa',
      'Milagros',
      'Rosa',
      'Nayeli',
      'Sumaq',
      'Yanet',
      'Flor',
      'Camila',
      'Ayelén',
      'Luz',
      'Micaela',
      'Pilar',
    ],
    last: [
      'Quispe',
      'Mamani',
      'Huamán',
      'Condori',
      'Flores',
      'Choque',
      'Ccopa',
      'Apaza',
      'Rojas',
      'Vargas',
      'Puma',
      'Torres',
    ],
  },
  ca: {
    male: [
      'Liam',
      'Noah',
      'Amir',
      'Mohammed',
      'Théo',
      'Ethan',
      'Arjun',
      'Kai',
      'Lucas',
      'Oliver',
      'Tenzin',
      'Diego',
    ],
    female: [
      'Olivia',
      'Amara',
      'Chloé',
      'Aaliyah',
      'Emma',
      'Fatima',
      'Mei',
      'Hannah',
      'Zara',
      'Isabelle',
      'Nia',
      'Priya',
    ],
    last: [
      'Tremblay',
      'Nguyen',
      'Singh',
      'Martin',
      'Ahmed',
      'Roy',
      'Okafor',
      'Chen',
      'Bouchard',
      'Wilson',
      'Haddad',
      'Campbell',
    ],
  },
  np: {
    male: [
      'Aarav',
      'Bishal',
      'Sagar',
      'Pemba',
      'Rohan',
      'Suman',
      'Nabin',
      'Tashi',
      'Kiran',
      'Anish',
      'Dipesh',
      'Prakash',
    ],
    female: [
      'Sita',
      'Anjali',
      'Pasang',
      'Sunita',
      'Asmita',
      'Gita',
      'Dolma',
      'Srijana',
      'Manisha',
      'Kabita',
      'Rekha',
      'Nima',
    ],
    last: [
      'Gurung',
      'Sherpa',
      'Thapa',
      'Magar',
      'Shrestha',
      'Tamang',
      'Rai',
      'Adhikari',
      'Poudel',
      'Lama',
      'Karki',
      'Bhandari',
    ],
  },
};

export interface EntitySeed {
  id: number;
  partnersId: number;
  name: string;
  city: string;
  countriesId: number;
  names: keyof typeof NAMES;
  latitude: number;
  longitude: number;
  description: string;
  /** Two cover colours. */
  colors: [string, string];
}

/** Programs. Ids are explicit and fixed; the first demo program is the program administrator's scope. */
export const ENTITIES: readonly EntitySeed[] = [
  {
    id: 1,
    partnersId: 2,
    name: 'Antigua Community School',
    city: 'Antigua',
    countriesId: 1,
    names: 'gt',
    latitude: 14.5586,
    longitude: -90.7295,
    colors: ['#2b8a3e', '#fab005'],
    description:
      '<p>Antigua Community School serves 420 children from the coffee-growing villages around Antigua Guatemala.</p><p>Sponsorships cover tuition, a daily hot lunch, school supplies and after-school tutoring in Spanish and Kaqchikel.</p>',
  },
  {
    id: 2,
    partnersId: 2,
    name: 'Kisumu Lakeside Academy',
    city: 'Kisumu',
    countriesId: 2,
    names: 'ke',
    latitude: -0.0917,
    longitude: 34.768,
    colors: ['#1971c2', '#f08c00'],
    description:
      '<p>Kisumu Lakeside Academy is a primary and secondary school on the shores of Lake Victoria.</p><p>The program funds teachers, a clean water point, science labs and a girls&rsquo; mentoring club.</p>',
  },
  {
    id: 3,
    partnersId: 2,
    name: 'Gulu Hope School',
    city: 'Gulu',
    countriesId: 3,
    names: 'ug',
    latitude: 2.7724,
    longitude: 32.2881,
    colors: ['#e8590c', '#5f3dc4'],
    description:
      '<p>Gulu Hope School was founded by local families to give children in northern Uganda a safe place to learn.</p><p>Sponsors help with uniforms, meals, boarding for older students and vocational training.</p>',
  },
  {
    id: 4,
    partnersId: 2,
    name: 'Cebu Harbor Learning Center',
    city: 'Cebu City',
    countriesId: 5,
    names: 'ph',
    latitude: 10.3157,
    longitude: 123.8854,
    colors: ['#0c8599', '#e64980'],
    description:
      '<p>Cebu Harbor Learning Center runs morning and afternoon classes for children from fishing communities.</p><p>Sponsorships provide books, a reading program, typhoon-safe classrooms and nutrition support.</p>',
  },
  {
    id: 5,
    partnersId: 3,
    name: 'Jacmel Coastal School',
    city: 'Jacmel',
    countriesId: 4,
    names: 'ht',
    latitude: 18.2342,
    longitude: -72.5347,
    colors: ['#1864ab', '#d9480f'],
    description:
      '<p>Jacmel Coastal School teaches in Haitian Creole and French to 300 students from kindergarten to grade 9.</p><p>Support funds teacher salaries, a school canteen and the art program Jacmel is famous for.</p>',
  },
  {
    id: 6,
    partnersId: 3,
    name: 'Cusco Highlands School',
    city: 'Cusco',
    countriesId: 9,
    names: 'pe',
    latitude: -13.532,
    longitude: -71.9675,
    colors: ['#862e9c', '#f59f00'],
    description:
      '<p>Cusco Highlands School welcomes Quechua-speaking children from mountain communities above Cusco.</p><p>The program provides bilingual teachers, warm clothing, transport and a weekly health visit.</p>',
  },
  {
    id: 7,
    partnersId: 3,
    name: 'Winnipeg Newcomer Program',
    city: 'Winnipeg',
    countriesId: 8,
    names: 'ca',
    latitude: 49.8951,
    longitude: -97.1384,
    colors: ['#c92a2a', '#495057'],
    description:
      '<p>The Winnipeg Newcomer Program helps refugee and immigrant students settle into Canadian schools.</p><p>Sponsors fund language support, winter gear, mentoring and family liaison workers.</p>',
  },
  {
    id: 8,
    partnersId: 4,
    name: 'Pokhara Lakeside School',
    city: 'Pokhara',
    countriesId: 7,
    names: 'np',
    latitude: 28.2096,
    longitude: 83.9856,
    colors: ['#087f5b', '#364fc7'],
    description:
      '<p>Pokhara Lakeside School serves children from the villages around Phewa Lake.</p><p>This private pilot tests sponsorships for teachers and classrooms before a wider launch.</p>',
  },
];

export const COUNTRY_CONTENT: Record<number, { description: string; colors: [string, string] }> = {
  1: {
    colors: ['#1c7ed6', '#f8f9fa'],
    description:
      '<p>Guatemala is a Central American country of volcanoes, rainforests and ancient Maya sites.</p><p>More than half of its people live in rural areas, where many children leave school early to work.</p>',
  },
  2: {
    colors: ['#2f9e44', '#e03131'],
    description:
      '<p>Kenya stretches from the Indian Ocean coast to Lake Victoria.</p><p>Primary school is free, but uniforms, exams and secondary school fees keep many children out of class.</p>',
  },
  3: {
    colors: ['#fcc419', '#e03131'],
    description:
      '<p>Uganda is a green, lake-filled country in East Africa with one of the youngest populations in the world.</p><p>Northern Uganda is still rebuilding schools after decades of conflict.</p>',
  },
  4: {
    colors: ['#1864ab', '#e03131'],
    description:
      '<p>Haiti shares the island of Hispaniola with the Dominican Republic.</p><p>Most schools are private and fee-paying, so sponsorship often decides whether a child can attend.</p>',
  },
  5: {
    colors: ['#1971c2', '#fab005'],
    description:
      '<p>The Philippines is an archipelago of more than 7,000 islands.</p><p>Typhoons regularly damage schools in coastal communities, interrupting children&rsquo;s learning.</p>',
  },
  7: {
    colors: ['#c92a2a', '#1c7ed6'],
    description:
      '<p>Nepal is a Himalayan country home to eight of the world&rsquo;s ten highest peaks.</p><p>Children in mountain villages often walk hours to reach the nearest school.</p>',
  },
  8: {
    colors: ['#e03131', '#f8f9fa'],
    description:
      '<p>Canada welcomes tens of thousands of refugee families every year.</p><p>Newcomer students often need language support and help catching up after interrupted schooling.</p>',
  },
  9: {
    colors: ['#e03131', '#fff5f5'],
    description:
      '<p>Peru spans the Pacific coast, the Andes and the Amazon.</p><p>In the highlands many children speak Quechua at home and need bilingual teachers to thrive.</p>',
  },
};

export const SUBJECTS = [
  'Math',
  'Science',
  'English',
  'Reading',
  'Social Studies',
  'Art',
  'Music',
  'Physical Education',
  'Computer',
  'Spanish',
  'French',
  'Agriculture',
] as const;

export const STAFF_TITLES = [
  'School Cook',
  'School Nurse',
  'Groundskeeper',
  'Librarian',
  'Bus Driver',
  'Counselor',
  'Night Guard',
  'Office Assistant',
] as const;

export const INITIATIVES = [
  'Clean water well',
  'School garden',
  'Library books',
  'Solar panels for classrooms',
  "Girls' football team",
  'School lunch program',
  'Computer lab',
  'Rainwater tanks',
  'Teacher training',
  'Scholarship fund',
  'Playground repair',
  'Mosquito nets',
  'Art supplies',
  'Science kits',
  'Reading corner',
  'Bicycle program',
  'Health check days',
  'New latrine block',
  'Desks and chairs',
  'Music program',
] as const;

export const STUDENT_FACTS: readonly { description: string; values: readonly string[] }[] = [
  {
    description: 'Favorite subject',
    values: ['Math', 'Science', 'Art', 'Reading', 'History', 'Music', 'Sports'],
  },
  { description: 'Favorite color', values: ['Blue', 'Red', 'Green', 'Yellow', 'Purple', 'Orange', 'Pink'] },
  {
    description: 'Wants to be',
    values: [
      'A doctor',
      'A teacher',
      'An engineer',
      'A pilot',
      'A nurse',
      'An artist',
      'A veterinarian',
      'A farmer',
    ],
  },
  {
    description: 'Favorite food',
    values: ['Rice and beans', 'Mango', 'Chapati', 'Fish', 'Tortillas', 'Noodles', 'Soup'],
  },
  {
    description: 'Hobby',
    values: ['Football', 'Drawing', 'Singing', 'Dancing', 'Reading', 'Basketball', 'Jump rope'],
  },
  { description: 'Siblings', values: ['0', '1', '2', '3', '4', '5'] },
  { description: 'Favorite animal', values: ['Dog', 'Cat', 'Elephant', 'Parrot', 'Horse', 'Turtle', 'Lion'] },
];

export const TEACHER_FACTS: readonly { description: string; values: readonly string[] }[] = [
  { description: 'Years teaching', values: ['2', '4', '6', '9', '12', '15', '20'] },
  {
    description: 'Favorite book',
    values: ['Things Fall Apart', 'Charlotte’s Web', 'The Little Prince', 'Matilda'],
  },
  {
    description: 'Best part of the job',
    values: ['Seeing students grow', 'Science fairs', 'Morning assemblies'],
  },
  {
    description: 'Outside class',
    values: ['Coaches football', 'Leads the choir', 'Runs the garden club', 'Tutors adults'],
  },
];

export const GROUP_FACTS: readonly { description: string; values: readonly string[] }[] = [
  { description: 'People served', values: ['35', '60', '120', '250', '400', '800'] },
  { description: 'Started', values: ['2019', '2020', '2021', '2022', '2023', '2024'] },
  { description: 'Biggest need', values: ['Books', 'Desks', 'Teachers', 'Water', 'Meals', 'Transport'] },
  {
    description: 'Led by',
    values: ['Parents committee', 'Head teacher', 'Student council', 'Community elders'],
  },
];

export const STUDENT_BIOS: readonly ((name: string, city: string) => string)[] = [
  (n, c) =>
    `${n} lives with family near ${c} and walks to school every morning. ${n} loves learning new words and helping younger children with their homework.`,
  (n, c) =>
    `${n} is curious and cheerful and never misses a day of class in ${c}. At break time ${n} can be found playing football with friends. A sponsor would help cover books and a daily meal.`,
  (n) =>
    `${n} is the oldest of several siblings and takes school very seriously. ${n} dreams of going to university one day.`,
  (n, c) =>
    `${n} joined the program in ${c} two years ago. Teachers describe ${n} as kind, patient and always ready to share.`,
  (n) =>
    `${n} enjoys drawing and singing in the school choir. With a sponsor, ${n} can keep studying without worrying about fees. Thank you for considering ${n}!`,
];

export const ADULT_BIOS: readonly ((name: string, role: string, city: string) => string)[] = [
  (n, r, c) =>
    `${n} works as ${r.toLowerCase()} in ${c}. Students say ${n} makes every day feel welcoming. Your sponsorship helps pay a fair salary.`,
  (n, r, c) =>
    `${n} grew up in ${c} and came back to serve as ${r.toLowerCase()}. ${n} believes every child deserves a great school.`,
  (n, r) =>
    `${n} has been ${r.toLowerCase()} for several years and is a mentor to new colleagues. Sponsors help ${n} keep doing what they love.`,
];

export const GROUP_BIOS: readonly ((title: string, city: string) => string)[] = [
  (t, c) =>
    `${t} is a community-chosen priority in ${c}. Every sponsor brings the project closer to its goal, and progress is shared in regular updates.`,
  (t, c) =>
    `Families in ${c} asked for ${t.toLowerCase()} at the last parents' meeting. Sponsorships fund materials, local labour and upkeep.`,
  (t) =>
    `${t} helps the whole school community at once. Monthly sponsors make the work reliable and planned rather than one-off.`,
];

export const IMAGE_DESCRIPTIONS = [
  'First day of the new term.',
  'Working on a class project.',
  'Sports day with classmates.',
  'Reading in the school library.',
  'Lunch time at school.',
  'Showing off a drawing.',
  'With friends after class.',
  'Planting the school garden.',
  'Holiday celebration at school.',
  'Science fair presentation.',
] as const;

export const UPDATE_TITLES = [
  'Back to school!',
  'Term report',
  'A note of thanks',
  'Sports day',
  'Holiday greetings',
  'Progress update',
  'New classroom materials',
  'Mid-year check-in',
] as const;

export const UPDATE_MESSAGES: readonly ((name: string) => string)[] = [
  (n) =>
    `${n} had a wonderful start to the term and is enjoying new classes. Thank you for making this possible — your support pays for books, meals and a safe place to learn.`,
  (n) =>
    `Our teachers report that ${n} is making steady progress, especially in reading. We also celebrated the end of exams with a school picnic.`,
  (n) =>
    `${n} asked us to pass on a big thank you! This month the school received new desks and everyone is very proud of the classroom.`,
  (n) =>
    `Sports day was a success and ${n} took part with great enthusiasm. Attendance this quarter was excellent.`,
];

export const GROUP_UPDATE_MESSAGES: readonly ((title: string) => string)[] = [
  (t) =>
    `News from ${t}: this month's work moved ahead on schedule. Thank you — sponsors like you paid for materials and local labour.`,
  (t) => `The community celebrated a milestone for ${t}. Teachers say the difference is already visible.`,
  (t) =>
    `A quick progress report on ${t}: the budget is on track and the next phase starts after the holidays.`,
];

export const CLASS_BIOS: readonly ((grade: string, city: string, size: number) => string)[] = [
  (g, c, n) =>
    `This ${g.toLowerCase()} class in ${c} has ${n} students sharing one classroom. Class sponsors fund books, materials and a yearly field trip.`,
  (g, c, n) =>
    `${n} eager learners make up the ${g.toLowerCase()} class in ${c}. Your support keeps the shelves stocked and the lessons hands-on.`,
];

export interface PartnerSeed {
  id: number;
  subdomain: string;
  name: string;
  countriesId: number;
  landingPageTemplatesId: number;
  brandColor: string;
  /** Second colour of the generated header and logo. */
  accent: string;
  initials: string;
}

export const PARTNER_STYLE: readonly PartnerSeed[] = [
  {
    id: 1,
    subdomain: 'kinship',
    name: 'Kinship',
    countriesId: 10,
    landingPageTemplatesId: 3,
    brandColor: '#364fc7',
    accent: '#15aabf',
    initials: 'K',
  },
  {
    id: 2,
    subdomain: 'demo',
    name: 'Bright Futures Demo',
    countriesId: 10,
    landingPageTemplatesId: 2,
    brandColor: '#0b7285',
    accent: '#fab005',
    initials: 'BF',
  },
  {
    id: 3,
    subdomain: 'maple',
    name: 'Maple Schools Network',
    countriesId: 8,
    landingPageTemplatesId: 3,
    brandColor: '#c92a2a',
    accent: '#ffa94d',
    initials: 'MS',
  },
  {
    id: 4,
    subdomain: 'private',
    name: 'Harbor Private Pilot',
    countriesId: 10,
    landingPageTemplatesId: 2,
    brandColor: '#1864ab',
    accent: '#63e6be',
    initials: 'HP',
  },
];

// ---------------------------------------------------------------------------
// French (fr-CA) content of the Canadian partner, maple (decision 072): its tagline and
// description, type labels, program and country descriptions and its students' bios.

export const MAPLE_FRENCH = {
  tagline: 'Des écoles qui accueillent chaque élève, de Jacmel à Winnipeg.',
  description:
    '<p>Le <strong>Réseau des écoles Maple</strong> est un organisme de bienfaisance canadien qui soutient des écoles partenaires en Haïti et au Pérou ainsi que des élèves nouvellement arrivés à Winnipeg.</p><p>Parrainez un élève, un enseignant ou tout un projet scolaire.</p>',
  types: {
    students: {
      customLabelSingular: 'Élève',
      customLabelPlural: 'Élèves',
      description:
        'Parrainer un élève couvre les frais de scolarité, l’uniforme, les fournitures et un repas par jour. Vous recevez des nouvelles et des photos tout au long de l’année.',
    },
    teachers: {
      customLabelSingular: 'Enseignant',
      customLabelPlural: 'Enseignants',
      description:
        'Les parrains d’un enseignant partagent le coût d’un salaire équitable et d’une formation continue pour un enseignant local. Plusieurs parrains peuvent soutenir le même enseignant.',
    },
    classes: {
      customLabelSingular: 'Classe',
      customLabelPlural: 'Classes',
      description:
        'Parrainer une classe finance les livres, le matériel et les sorties éducatives de toute une classe.',
    },
    initiatives: {
      customLabelSingular: 'Initiative',
      customLabelPlural: 'Initiatives',
      description:
        'Les initiatives sont des projets communautaires — puits, potagers, bibliothèques — financés par de nombreux parrains mensuels.',
    },
  } as Record<string, { customLabelSingular: string; customLabelPlural: string; description: string }>,
  programs: {
    5: '<p>L’École côtière de Jacmel enseigne en créole haïtien et en français à 300 élèves, de la maternelle à la 9<sup>e</sup> année.</p><p>Les dons financent le salaire des enseignants, une cantine scolaire et le programme d’arts plastiques qui fait la renommée de Jacmel.</p>',
    6: '<p>L’École des hauts plateaux de Cusco accueille des enfants de langue quechua venus des communautés de montagne au-dessus de Cusco.</p><p>Le programme offre des enseignants bilingues, des vêtements chauds, le transport et une visite de santé chaque semaine.</p>',
    7: '<p>Le Programme pour nouveaux arrivants de Winnipeg aide les élèves réfugiés et immigrants à s’intégrer à l’école canadienne.</p><p>Les parrains financent le soutien linguistique, les vêtements d’hiver, le mentorat et des agents de liaison auprès des familles.</p>',
  } as Record<number, string>,
  countries: {
    4: '<p>Haïti partage l’île d’Hispaniola avec la République dominicaine.</p><p>La plupart des écoles sont privées et payantes : le parrainage décide souvent si un enfant peut y aller.</p>',
    8: '<p>Le Canada accueille chaque année des dizaines de milliers de familles réfugiées.</p><p>Les élèves nouvellement arrivés ont souvent besoin de soutien linguistique et d’aide pour rattraper une scolarité interrompue.</p>',
    9: '<p>Le Pérou s’étend de la côte pacifique aux Andes et à l’Amazonie.</p><p>Dans les hauts plateaux, beaucoup d’enfants parlent quechua à la maison et ont besoin d’enseignants bilingues pour s’épanouir.</p>',
  } as Record<number, string>,
  /** A student's bio in French, by the same name and city as the English one (`f`: a girl). */
  studentBios: [
    (n: string, c: string) =>
      `${n} vit avec sa famille près de ${c} et se rend à l’école à pied chaque matin. ${n} adore apprendre de nouveaux mots et aider les plus jeunes à faire leurs devoirs.`,
    (n: string, c: string, f: boolean) =>
      `${f ? 'Curieuse et joyeuse' : 'Curieux et joyeux'}, ${n} ne manque jamais une journée de classe à ${c}. À la récréation, ${n} joue au soccer avec ses amis. Un parrain l’aiderait à payer ses livres et un repas par jour.`,
    (n: string, _c: string, f: boolean) =>
      `${f ? 'Aînée' : 'Aîné'} d’une famille nombreuse, ${n} prend l’école très au sérieux et rêve d’aller un jour à l’université.`,
    (n: string, c: string, f: boolean) =>
      `${n} s’est ${f ? 'jointe' : 'joint'} au programme de ${c} il y a deux ans. Ses enseignants ${f ? 'la décrivent comme gentille, patiente et toujours prête' : 'le décrivent comme gentil, patient et toujours prêt'} à partager.`,
    (n: string) =>
      `${n} aime dessiner et chanter dans la chorale de l’école. Grâce à un parrain, ${n} pourra poursuivre ses études sans s’inquiéter des frais. Merci de penser à ${n}!`,
  ],
};
