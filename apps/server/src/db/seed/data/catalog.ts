import type { ProductIcon } from '../images';

/** A text in the three demo languages; `en` goes to the `name` column, the others to translations. */
export interface Tr {
  en: string;
  id: string;
  ar: string;
}
const t = (en: string, id: string, ar: string): Tr => ({ en, id, ar });

export type VariantKind = 'apparel' | 'shoe' | 'storage' | 'weight';

export interface ProductTypeSeed {
  name: Tr;
  icon: ProductIcon;
  /** Subcategory slugs the product is filed under. */
  subs: string[];
  /** Price range in whole rupiah. */
  price: [number, number];
  unit: string;
  variants?: VariantKind;
  colors?: boolean;
  mods: Tr[];
}

export interface CategorySeed {
  slug: string;
  name: Tr;
  icon: ProductIcon;
  palette: number;
  subs: string[];
  brands: string[];
  /** What the category's products are, for descriptions: "{name} is {blurb}". */
  blurb: Tr;
  features: Tr[];
  warranty: Tr;
  types: ProductTypeSeed[];
  /** How often a generated product falls in this category. */
  weight: number;
}

export const SUB_CATEGORIES: Record<string, Tr> = {
  'mens-shirts': t('Shirts', 'Kemeja Pria', 'قمصان رجالية'),
  'mens-tshirts': t('T-Shirts & Polos', 'Kaos & Polo Pria', 'تيشيرتات وبولو رجالية'),
  'mens-trousers': t('Trousers & Jeans', 'Celana Pria', 'بناطيل وجينز رجالية'),
  'mens-jackets': t('Jackets & Hoodies', 'Jaket & Hoodie Pria', 'جاكيتات وهوديز رجالية'),
  'batik-shirts': t('Batik Shirts', 'Kemeja Batik', 'قمصان الباتيك'),
  sneakers: t('Sneakers', 'Sepatu Sneakers', 'أحذية رياضية'),
  watches: t('Watches', 'Jam Tangan', 'ساعات يد'),
  'mens-bags': t("Men's Bags", 'Tas Pria', 'حقائب رجالية'),
  dresses: t('Dresses', 'Dress', 'فساتين'),
  blouses: t('Blouses & Tops', 'Blouse & Atasan', 'بلوزات وقمصان نسائية'),
  skirts: t('Skirts', 'Rok', 'تنانير'),
  'muslim-wear': t('Muslim Wear', 'Busana Muslim', 'ملابس محتشمة'),
  hijabs: t('Hijabs', 'Hijab', 'حجاب'),
  handbags: t('Handbags', 'Tas Wanita', 'حقائب يد نسائية'),
  'womens-shoes': t('Heels & Flats', 'Sepatu Wanita', 'أحذية نسائية'),
  audio: t('Headphones & Speakers', 'Audio', 'سماعات ومكبرات صوت'),
  televisions: t('Televisions', 'Televisi', 'تلفزيونات'),
  cameras: t('Cameras', 'Kamera', 'كاميرات'),
  smartwatches: t('Smartwatches', 'Smartwatch', 'ساعات ذكية'),
  'home-appliances': t('Home Appliances', 'Elektronik Rumah Tangga', 'أجهزة منزلية'),
  gaming: t('Gaming', 'Gaming', 'ألعاب الفيديو'),
  smartphones: t('Smartphones', 'Smartphone', 'هواتف ذكية'),
  tablets: t('Tablets', 'Tablet', 'أجهزة لوحية'),
  'phone-cases': t('Cases & Covers', 'Casing & Pelindung Layar', 'أغطية وحافظات'),
  'chargers-cables': t('Chargers & Cables', 'Charger & Kabel', 'شواحن وكابلات'),
  'power-banks': t('Power Banks', 'Power Bank', 'بطاريات متنقلة'),
  laptops: t('Laptops', 'Laptop', 'حواسيب محمولة'),
  monitors: t('Monitors', 'Monitor', 'شاشات'),
  'keyboards-mice': t('Keyboards & Mice', 'Keyboard & Mouse', 'لوحات مفاتيح وفأرات'),
  storage: t('Storage', 'Penyimpanan Data', 'وحدات تخزين'),
  printers: t('Printers', 'Printer', 'طابعات'),
  networking: t('Networking', 'Jaringan', 'معدات الشبكات'),
  skincare: t('Skincare', 'Perawatan Wajah', 'العناية بالبشرة'),
  makeup: t('Makeup', 'Makeup', 'مستحضرات التجميل'),
  'hair-care': t('Hair Care', 'Perawatan Rambut', 'العناية بالشعر'),
  fragrances: t('Fragrances', 'Parfum', 'عطور'),
  vitamins: t('Vitamins & Supplements', 'Vitamin & Suplemen', 'فيتامينات ومكملات'),
  'sports-nutrition': t('Sports Nutrition', 'Nutrisi Olahraga', 'تغذية رياضية'),
  'body-care': t('Body Care', 'Perawatan Tubuh', 'العناية بالجسم'),
  cookware: t('Cookware', 'Peralatan Masak', 'أواني الطبخ'),
  tableware: t('Tableware & Drinkware', 'Peralatan Makan & Minum', 'أدوات المائدة والشرب'),
  'home-decor': t('Home Decor', 'Dekorasi Rumah', 'ديكور المنزل'),
  bedding: t('Bedding', 'Perlengkapan Tidur', 'مفروشات السرير'),
  'storage-organisers': t('Storage & Organisers', 'Penyimpanan & Rak', 'أدوات التنظيم والتخزين'),
  cleaning: t('Cleaning Supplies', 'Alat Kebersihan', 'أدوات التنظيف'),
  lighting: t('Lighting', 'Lampu', 'إضاءة'),
  football: t('Football & Futsal', 'Sepak Bola & Futsal', 'كرة القدم والصالات'),
  badminton: t('Badminton', 'Bulu Tangkis', 'كرة الريشة'),
  running: t('Running', 'Lari', 'الجري'),
  fitness: t('Fitness Equipment', 'Alat Fitness', 'معدات اللياقة'),
  cycling: t('Cycling', 'Sepeda', 'الدراجات'),
  camping: t('Camping & Hiking', 'Camping & Hiking', 'التخييم والمشي'),
  'baby-feeding': t('Feeding', 'Perlengkapan Makan Bayi', 'مستلزمات الرضاعة'),
  diapers: t('Diapers', 'Popok', 'حفاضات'),
  'baby-clothing': t('Baby Clothing', 'Pakaian Bayi', 'ملابس الرضع'),
  strollers: t('Strollers & Carriers', 'Stroller & Gendongan', 'عربات وحمالات الأطفال'),
  'baby-care': t('Baby Care', 'Perawatan Bayi', 'العناية بالطفل'),
  'baby-food': t('Baby Food', 'Makanan Bayi', 'أغذية الأطفال'),
  'coffee-tea': t('Coffee & Tea', 'Kopi & Teh', 'القهوة والشاي'),
  snacks: t('Snacks', 'Camilan', 'وجبات خفيفة'),
  condiments: t('Spices & Sambal', 'Bumbu & Sambal', 'التوابل والصلصات'),
  'instant-food': t('Instant Food', 'Makanan Instan', 'أطعمة سريعة التحضير'),
  drinks: t('Drinks', 'Minuman', 'مشروبات'),
  'healthy-food': t('Healthy Food', 'Makanan Sehat', 'أطعمة صحية'),
  'car-accessories': t('Car Accessories', 'Aksesoris Mobil', 'إكسسوارات السيارات'),
  'motorcycle-parts': t('Motorcycle Parts', 'Sparepart Motor', 'قطع غيار الدراجات النارية'),
  helmets: t('Helmets', 'Helm', 'خوذ'),
  'oils-fluids': t('Oils & Fluids', 'Oli & Cairan', 'زيوت وسوائل'),
  'car-care': t('Car Care', 'Perawatan Mobil', 'العناية بالسيارة'),
  'tyres-wheels': t('Tyres & Wheels', 'Ban & Velg', 'إطارات وجنوط'),
  fiction: t('Fiction', 'Novel & Fiksi', 'روايات'),
  'non-fiction': t('Non-fiction', 'Nonfiksi', 'كتب غير روائية'),
  'childrens-books': t("Children's Books", 'Buku Anak', 'كتب الأطفال'),
  notebooks: t('Notebooks & Planners', 'Buku Tulis & Planner', 'دفاتر ومخططات'),
  'writing-tools': t('Pens & Pencils', 'Alat Tulis', 'أقلام'),
  'office-supplies': t('Office Supplies', 'Perlengkapan Kantor', 'لوازم مكتبية'),
  comics: t('Comics & Manga', 'Komik & Manga', 'قصص مصورة ومانغا'),
};

/** The hobbies category is deliberately wide (55 subcategories) so the mega menu's cap of 50 shows. */
const HOBBY_SUBS: Array<[string, Tr]> = [
  ['action-figures', t('Action Figures', 'Action Figure', 'مجسمات الشخصيات')],
  ['model-kits', t('Model Kits', 'Model Kit', 'مجسمات قابلة للتركيب')],
  ['diecast', t('Diecast Cars', 'Diecast', 'سيارات معدنية مصغرة')],
  ['board-games', t('Board Games', 'Board Game', 'ألعاب الطاولة')],
  ['trading-cards', t('Trading Cards', 'Kartu Koleksi', 'بطاقات التداول')],
  ['jigsaw-puzzles', t('Jigsaw Puzzles', 'Puzzle', 'ألغاز الصور المقطعة')],
  ['building-bricks', t('Building Bricks', 'Balok Susun', 'مكعبات البناء')],
  ['rc-cars', t('RC Cars', 'Mobil RC', 'سيارات التحكم عن بعد')],
  ['drones', t('Drones', 'Drone', 'طائرات مسيرة')],
  ['plush-toys', t('Plush Toys', 'Boneka', 'دمى محشوة')],
  ['anime-merchandise', t('Anime Merchandise', 'Merchandise Anime', 'منتجات الأنمي')],
  ['coins-banknotes', t('Coins & Banknotes', 'Koin & Uang Kuno', 'عملات وأوراق نقدية')],
  ['stamps', t('Stamps', 'Perangko', 'طوابع')],
  ['vinyl-records', t('Vinyl Records', 'Piringan Hitam', 'أسطوانات الفينيل')],
  ['musical-instruments', t('Musical Instruments', 'Alat Musik', 'آلات موسيقية')],
  ['guitars', t('Guitars', 'Gitar', 'قيثارات')],
  ['ukuleles', t('Ukuleles', 'Ukulele', 'آلات اليوكوليلي')],
  ['painting-supplies', t('Painting Supplies', 'Alat Lukis', 'أدوات الرسم')],
  ['calligraphy', t('Calligraphy', 'Kaligrafi', 'مستلزمات الخط')],
  ['knitting', t('Knitting & Crochet', 'Rajut', 'الحياكة والكروشيه')],
  ['sewing', t('Sewing', 'Menjahit', 'الخياطة')],
  ['embroidery', t('Embroidery', 'Sulam', 'التطريز')],
  ['origami', t('Origami & Papercraft', 'Origami', 'الأوريغامي وفن الورق')],
  ['pottery', t('Pottery', 'Keramik & Gerabah', 'الفخار')],
  ['woodworking', t('Woodworking', 'Kerajinan Kayu', 'أشغال الخشب')],
  ['gardening', t('Gardening', 'Berkebun', 'البستنة')],
  ['bonsai', t('Bonsai', 'Bonsai', 'البونساي')],
  ['aquascape', t('Aquascape', 'Aquascape', 'تنسيق أحواض الأسماك')],
  ['ornamental-fish', t('Ornamental Fish Supplies', 'Perlengkapan Ikan Hias', 'مستلزمات أسماك الزينة')],
  ['bird-keeping', t('Bird Keeping', 'Perlengkapan Burung', 'مستلزمات الطيور')],
  ['fishing', t('Fishing', 'Memancing', 'صيد السمك')],
  ['photography-gear', t('Photography Gear', 'Perlengkapan Fotografi', 'معدات التصوير')],
  ['telescopes', t('Telescopes', 'Teleskop', 'تلسكوبات')],
  ['magic-tricks', t('Magic Tricks', 'Sulap', 'ألعاب الخفة')],
  ['kites', t('Kites', 'Layangan', 'طائرات ورقية')],
  ['traditional-games', t('Traditional Games', 'Permainan Tradisional', 'ألعاب تقليدية')],
  ['wayang', t('Wayang & Puppets', 'Wayang', 'دمى الظل والعرائس')],
  ['heritage-crafts', t('Heritage Crafts', 'Kerajinan Pusaka', 'حرف تراثية')],
  ['batik-tools', t('Batik Tools', 'Alat Membatik', 'أدوات الباتيك')],
  ['model-trains', t('Model Trains', 'Kereta Miniatur', 'قطارات مصغرة')],
  ['dioramas', t('Dioramas', 'Diorama', 'مجسمات الديوراما')],
  ['tabletop-miniatures', t('Tabletop Miniatures', 'Miniatur Tabletop', 'مجسمات ألعاب الطاولة')],
  ['speed-cubes', t('Speed Cubes', 'Rubik', 'مكعبات السرعة')],
  ['yo-yos', t('Yo-yos & Skill Toys', 'Yoyo & Mainan Keterampilan', 'اليويو وألعاب المهارة')],
  ['model-aircraft', t('Model Aircraft', 'Pesawat Miniatur', 'طائرات مصغرة')],
  ['mecha-kits', t('Mecha Kits', 'Mecha Kit', 'مجسمات الروبوتات')],
  ['figurines', t('Figurines', 'Figurin', 'تماثيل صغيرة')],
  ['retro-games', t('Retro Games', 'Game Retro', 'ألعاب كلاسيكية')],
  ['cosplay', t('Cosplay', 'Cosplay', 'أزياء تنكرية')],
  ['scrapbooking', t('Scrapbooking', 'Scrapbook', 'ألبومات القصاصات')],
  ['candle-soap-making', t('Candle & Soap Making', 'Membuat Lilin & Sabun', 'صناعة الشموع والصابون')],
  ['beading', t('Beading & Jewellery Making', 'Manik-manik', 'صناعة الخرز والحلي')],
  ['archery', t('Archery', 'Panahan', 'الرماية بالقوس')],
  ['chess', t('Chess', 'Catur', 'الشطرنج')],
  ['rc-boats', t('RC Boats', 'Kapal RC', 'قوارب التحكم عن بعد')],
];
for (const [slug, name] of HOBBY_SUBS) SUB_CATEGORIES[slug] = name;

const FASHION_MODS = [
  t('Slim Fit', 'Slim Fit', 'قصة ضيقة'),
  t('Regular Fit', 'Regular Fit', 'قصة عادية'),
  t('Premium Cotton', 'Katun Premium', 'قطن فاخر'),
  t('Oversize', 'Oversize', 'مقاس واسع'),
];
const TECH_MODS = [t('Pro', 'Pro', 'برو'), t('Lite', 'Lite', 'لايت'), t('Max', 'Max', 'ماكس'), t('2025 Edition', 'Edisi 2025', 'إصدار 2025')];
const SIZE_MODS = [t('Small', 'Kecil', 'صغير'), t('Medium', 'Sedang', 'متوسط'), t('Large', 'Besar', 'كبير')];
const PACK_MODS = [t('Value Pack', 'Kemasan Hemat', 'عبوة اقتصادية'), t('Original', 'Original', 'أصلي'), t('Family Size', 'Ukuran Keluarga', 'حجم عائلي')];

export const CATEGORIES: CategorySeed[] = [
  {
    slug: 'mens-fashion',
    name: t("Men's Fashion", 'Fashion Pria', 'أزياء رجالية'),
    icon: 'shirt',
    palette: 1,
    subs: ['mens-shirts', 'mens-tshirts', 'mens-trousers', 'mens-jackets', 'batik-shirts', 'sneakers', 'watches', 'mens-bags'],
    brands: ['Arunika', 'Lelaki & Co.', 'Kenari Denim'],
    blurb: t(
      'made for everyday comfort in a tropical climate, with neat stitching and fabric that stays cool all day',
      'dibuat untuk kenyamanan sehari-hari di iklim tropis, dengan jahitan rapi dan bahan yang tetap sejuk seharian',
      'مصمم للراحة اليومية في المناخ الاستوائي بخياطة متقنة وقماش يبقى باردًا طوال اليوم',
    ),
    features: [
      t('Breathable fabric that absorbs sweat', 'Bahan adem dan menyerap keringat', 'قماش يسمح بالتهوية ويمتص العرق'),
      t('Colour stays bright after many washes', 'Warna tidak mudah pudar setelah dicuci', 'لون ثابت بعد الغسيل المتكرر'),
      t('Double stitching on every seam', 'Jahitan ganda di setiap sambungan', 'خياطة مزدوجة في كل الدرزات'),
      t('Cut to local sizes; see the size chart', 'Ukuran lokal, cek tabel ukuran', 'مقاسات محلية، راجع جدول المقاسات'),
    ],
    warranty: t('7-day exchange for size', 'Tukar ukuran 7 hari', 'استبدال المقاس خلال 7 أيام'),
    weight: 10,
    types: [
      { name: t('Flannel Shirt', 'Kemeja Flanel', 'قميص فانيلا'), icon: 'shirt', subs: ['mens-shirts'], price: [99_000, 289_000], unit: 'pcs', variants: 'apparel', colors: true, mods: FASHION_MODS },
      { name: t('Oxford Shirt', 'Kemeja Oxford', 'قميص أكسفورد'), icon: 'shirt', subs: ['mens-shirts'], price: [119_000, 349_000], unit: 'pcs', variants: 'apparel', colors: true, mods: FASHION_MODS },
      { name: t('Cotton T-Shirt', 'Kaos Katun', 'تيشيرت قطني'), icon: 'tshirt', subs: ['mens-tshirts'], price: [49_000, 149_000], unit: 'pcs', variants: 'apparel', colors: true, mods: FASHION_MODS },
      { name: t('Polo Shirt', 'Kaos Polo', 'قميص بولو'), icon: 'tshirt', subs: ['mens-tshirts'], price: [89_000, 229_000], unit: 'pcs', variants: 'apparel', colors: true, mods: FASHION_MODS },
      { name: t('Batik Shirt', 'Kemeja Batik', 'قميص باتيك'), icon: 'shirt', subs: ['batik-shirts', 'mens-shirts'], price: [149_000, 650_000], unit: 'pcs', variants: 'apparel', colors: true, mods: [t('Parang Motif', 'Motif Parang', 'نقشة بارانغ'), t('Kawung Motif', 'Motif Kawung', 'نقشة كاوونغ'), t('Mega Mendung', 'Mega Mendung', 'ميغا مندونغ')] },
      { name: t('Hooded Jacket', 'Jaket Hoodie', 'جاكيت بقبعة'), icon: 'tshirt', subs: ['mens-jackets'], price: [159_000, 459_000], unit: 'pcs', variants: 'apparel', colors: true, mods: FASHION_MODS },
      { name: t('Canvas Sneakers', 'Sepatu Sneakers Kanvas', 'حذاء رياضي قماشي'), icon: 'shoe', subs: ['sneakers'], price: [179_000, 599_000], unit: 'pair', variants: 'shoe', colors: true, mods: [t('Low Top', 'Low Top', 'منخفض'), t('High Top', 'High Top', 'مرتفع'), t('Classic', 'Klasik', 'كلاسيكي')] },
      { name: t('Analog Watch', 'Jam Tangan Analog', 'ساعة يد تناظرية'), icon: 'watch', subs: ['watches'], price: [249_000, 1_899_000], unit: 'pcs', colors: true, mods: [t('Leather Strap', 'Tali Kulit', 'حزام جلدي'), t('Steel Strap', 'Tali Stainless', 'حزام معدني'), t('Chronograph', 'Chronograph', 'كرونوغراف')] },
      { name: t('Sling Bag', 'Tas Selempang', 'حقيبة كتف'), icon: 'bag', subs: ['mens-bags'], price: [89_000, 399_000], unit: 'pcs', colors: true, mods: [t('Waterproof', 'Anti Air', 'مقاوم للماء'), t('Canvas', 'Kanvas', 'قماش كانفاس')] },
    ],
  },
  {
    slug: 'womens-fashion',
    name: t("Women's Fashion", 'Fashion Wanita', 'أزياء نسائية'),
    icon: 'dress',
    palette: 4,
    subs: ['dresses', 'blouses', 'skirts', 'muslim-wear', 'hijabs', 'handbags', 'womens-shoes', 'sneakers', 'watches'],
    brands: ['Sekar Ayu', 'Laras', 'Kirana Modest'],
    blurb: t(
      'designed in Indonesia with soft, flowing fabric and a flattering cut for work, weekends and family events',
      'didesain di Indonesia dengan bahan lembut dan jatuh serta potongan yang pas untuk kerja, akhir pekan, dan acara keluarga',
      'مصمم في إندونيسيا بقماش ناعم وانسيابي وقصة أنيقة للعمل وعطلات نهاية الأسبوع والمناسبات العائلية',
    ),
    features: [
      t('Soft fabric that falls nicely', 'Bahan lembut dan jatuh', 'قماش ناعم وانسيابي'),
      t('Not see-through, comfortable all day', 'Tidak menerawang, nyaman seharian', 'غير شفاف ومريح طوال اليوم'),
      t('Hidden zip and neat inner finishing', 'Resleting tersembunyi dan finishing rapi', 'سحاب مخفي وتشطيب داخلي متقن'),
      t('Easy to mix and match', 'Mudah dipadupadankan', 'سهل التنسيق مع ملابس أخرى'),
    ],
    warranty: t('7-day exchange for size', 'Tukar ukuran 7 hari', 'استبدال المقاس خلال 7 أيام'),
    weight: 10,
    types: [
      { name: t('Midi Dress', 'Dress Midi', 'فستان ميدي'), icon: 'dress', subs: ['dresses'], price: [129_000, 459_000], unit: 'pcs', variants: 'apparel', colors: true, mods: [t('Floral', 'Motif Bunga', 'مزهر'), t('Pleated', 'Plisket', 'بكسرات'), t('Linen', 'Linen', 'كتان')] },
      { name: t('Maxi Dress', 'Gamis Maxi', 'فستان ماكسي'), icon: 'dress', subs: ['dresses', 'muslim-wear'], price: [159_000, 599_000], unit: 'pcs', variants: 'apparel', colors: true, mods: [t('Rayon', 'Rayon', 'رايون'), t('Ceruty', 'Ceruty', 'شيفون'), t('Embroidered', 'Bordir', 'مطرز')] },
      { name: t('Blouse', 'Blouse', 'بلوزة'), icon: 'tshirt', subs: ['blouses'], price: [79_000, 249_000], unit: 'pcs', variants: 'apparel', colors: true, mods: [t('Puff Sleeve', 'Lengan Balon', 'أكمام منفوخة'), t('Button Front', 'Kancing Depan', 'بأزرار أمامية'), t('Ruffle', 'Ruffle', 'بكشكش')] },
      { name: t('Pleated Skirt', 'Rok Plisket', 'تنورة بكسرات'), icon: 'dress', subs: ['skirts'], price: [89_000, 229_000], unit: 'pcs', variants: 'apparel', colors: true, mods: [t('Midi', 'Midi', 'متوسطة'), t('Maxi', 'Maxi', 'طويلة')] },
      { name: t('Voal Hijab', 'Hijab Voal', 'حجاب فوال'), icon: 'dress', subs: ['hijabs', 'muslim-wear'], price: [35_000, 129_000], unit: 'pcs', colors: true, mods: [t('Square', 'Segi Empat', 'مربع'), t('Pashmina', 'Pashmina', 'باشمينا'), t('Instant', 'Instan', 'جاهز')] },
      { name: t('Tote Bag', 'Tas Tote', 'حقيبة توت'), icon: 'bag', subs: ['handbags'], price: [99_000, 549_000], unit: 'pcs', colors: true, mods: [t('Synthetic Leather', 'Kulit Sintetis', 'جلد صناعي'), t('Woven', 'Anyaman', 'منسوج')] },
      { name: t('Flat Shoes', 'Sepatu Flat', 'حذاء مسطح'), icon: 'shoe', subs: ['womens-shoes'], price: [99_000, 329_000], unit: 'pair', variants: 'shoe', colors: true, mods: [t('Pointed', 'Lancip', 'مدبب'), t('Comfort', 'Empuk', 'مريح')] },
      { name: t('Platform Sneakers', 'Sneakers Platform', 'حذاء رياضي بنعل سميك'), icon: 'shoe', subs: ['sneakers', 'womens-shoes'], price: [199_000, 649_000], unit: 'pair', variants: 'shoe', colors: true, mods: [t('Classic', 'Klasik', 'كلاسيكي'), t('Chunky', 'Chunky', 'ضخم')] },
      { name: t('Ladies Watch', 'Jam Tangan Wanita', 'ساعة نسائية'), icon: 'watch', subs: ['watches'], price: [199_000, 1_499_000], unit: 'pcs', colors: true, mods: [t('Rose Gold', 'Rose Gold', 'ذهبي وردي'), t('Mesh Strap', 'Tali Mesh', 'حزام شبكي')] },
    ],
  },
  {
    slug: 'electronics',
    name: t('Electronics', 'Elektronik', 'إلكترونيات'),
    icon: 'headphones',
    palette: 3,
    subs: ['audio', 'televisions', 'cameras', 'smartwatches', 'home-appliances', 'gaming'],
    brands: ['Volta', 'Sonara', 'Lumina'],
    blurb: t(
      'built for reliable daily use, with an official local warranty and SNI-certified power adapter',
      'dibuat untuk pemakaian harian yang andal, bergaransi resmi dan adaptor berstandar SNI',
      'مصمم للاستخدام اليومي الموثوق مع ضمان رسمي ومحول طاقة معتمد',
    ),
    features: [
      t('Official one-year warranty', 'Garansi resmi satu tahun', 'ضمان رسمي لمدة سنة'),
      t('Energy-saving design', 'Hemat energi', 'تصميم موفر للطاقة'),
      t('Bluetooth 5.3 with a stable connection', 'Bluetooth 5.3 dengan koneksi stabil', 'بلوتوث 5.3 باتصال ثابت'),
      t('Complete accessories in the box', 'Aksesoris lengkap dalam kotak', 'ملحقات كاملة داخل العلبة'),
    ],
    warranty: t('1-year official warranty', 'Garansi resmi 1 tahun', 'ضمان رسمي لمدة سنة'),
    weight: 9,
    types: [
      { name: t('Wireless Headphones', 'Headphone Wireless', 'سماعات رأس لاسلكية'), icon: 'headphones', subs: ['audio'], price: [199_000, 2_499_000], unit: 'pcs', colors: true, mods: [t('Noise Cancelling', 'Noise Cancelling', 'عازلة للضوضاء'), t('Studio', 'Studio', 'استوديو'), ...TECH_MODS.slice(0, 2)] },
      { name: t('Smart TV 43 inch', 'Smart TV 43 inci', 'تلفزيون ذكي 43 بوصة'), icon: 'monitor', subs: ['televisions'], price: [2_899_000, 6_999_000], unit: 'pcs', mods: [t('4K UHD', '4K UHD', '4K فائق الدقة'), t('Full HD', 'Full HD', 'عالي الدقة')] },
      { name: t('Mirrorless Camera', 'Kamera Mirrorless', 'كاميرا بدون مرآة'), icon: 'camera', subs: ['cameras'], price: [5_499_000, 15_000_000], unit: 'pcs', mods: [t('Kit 15-45mm', 'Kit 15-45mm', 'مع عدسة 15-45 مم'), t('Body Only', 'Body Only', 'الهيكل فقط')] },
      { name: t('Action Camera', 'Action Camera', 'كاميرا مغامرات'), icon: 'camera', subs: ['cameras'], price: [899_000, 4_500_000], unit: 'pcs', mods: TECH_MODS },
      { name: t('Smartwatch', 'Smartwatch', 'ساعة ذكية'), icon: 'watch', subs: ['smartwatches'], price: [399_000, 3_999_000], unit: 'pcs', colors: true, mods: TECH_MODS },
      { name: t('Rice Cooker', 'Rice Cooker', 'طباخة أرز'), icon: 'pan', subs: ['home-appliances'], price: [249_000, 1_299_000], unit: 'pcs', mods: [t('1.8 L', '1,8 L', '1.8 لتر'), t('Digital', 'Digital', 'رقمية')] },
      { name: t('Game Controller', 'Stik Game', 'يد تحكم للألعاب'), icon: 'robot', subs: ['gaming'], price: [149_000, 999_000], unit: 'pcs', colors: true, mods: [t('Wireless', 'Wireless', 'لاسلكية'), t('Pro', 'Pro', 'برو')] },
    ],
  },
  {
    slug: 'phones-tablets',
    name: t('Phones & Tablets', 'Handphone & Tablet', 'هواتف وأجهزة لوحية'),
    icon: 'phone',
    palette: 1,
    subs: ['smartphones', 'tablets', 'phone-cases', 'chargers-cables', 'power-banks', 'smartwatches'],
    brands: ['Nusaphone', 'Xenon Mobile', 'Garuda Tech'],
    blurb: t(
      'registered with IMEI for use in Indonesia, with a bright screen, long battery life and fast charging',
      'sudah terdaftar IMEI di Indonesia, dengan layar cerah, baterai awet, dan pengisian cepat',
      'مسجل برقم IMEI للاستخدام في إندونيسيا مع شاشة ساطعة وبطارية تدوم طويلًا وشحن سريع',
    ),
    features: [
      t('Registered IMEI, official warranty', 'IMEI terdaftar, garansi resmi', 'رقم IMEI مسجل وضمان رسمي'),
      t('5000 mAh battery with 33W fast charging', 'Baterai 5000 mAh dengan fast charging 33W', 'بطارية 5000 مللي أمبير مع شحن سريع 33 واط'),
      t('120 Hz AMOLED display', 'Layar AMOLED 120 Hz', 'شاشة أموليد 120 هرتز'),
      t('Dual SIM and expandable storage', 'Dual SIM dan memori bisa ditambah', 'شريحتان وذاكرة قابلة للتوسيع'),
    ],
    warranty: t('1-year official warranty', 'Garansi resmi 1 tahun', 'ضمان رسمي لمدة سنة'),
    weight: 9,
    types: [
      { name: t('Smartphone', 'Smartphone', 'هاتف ذكي'), icon: 'phone', subs: ['smartphones'], price: [1_499_000, 12_999_000], unit: 'pcs', variants: 'storage', colors: true, mods: [t('5G', '5G', '5G'), ...TECH_MODS] },
      { name: t('Tablet 11 inch', 'Tablet 11 inci', 'جهاز لوحي 11 بوصة'), icon: 'tablet', subs: ['tablets'], price: [2_499_000, 9_999_000], unit: 'pcs', variants: 'storage', colors: true, mods: [t('Wi-Fi', 'Wi-Fi', 'واي فاي'), t('LTE', 'LTE', 'LTE')] },
      { name: t('Shockproof Case', 'Casing Anti Shock', 'غطاء مقاوم للصدمات'), icon: 'phone', subs: ['phone-cases'], price: [25_000, 149_000], unit: 'pcs', colors: true, mods: [t('Clear', 'Bening', 'شفاف'), t('Matte', 'Doff', 'مطفي')] },
      { name: t('Fast Charger 33W', 'Charger Fast Charging 33W', 'شاحن سريع 33 واط'), icon: 'bottle', subs: ['chargers-cables'], price: [59_000, 299_000], unit: 'pcs', mods: [t('USB-C', 'USB-C', 'USB-C'), t('Dual Port', 'Dual Port', 'منفذان')] },
      { name: t('Power Bank 10000 mAh', 'Power Bank 10000 mAh', 'بطارية متنقلة 10000 مللي أمبير'), icon: 'phone', subs: ['power-banks'], price: [119_000, 449_000], unit: 'pcs', colors: true, mods: [t('Slim', 'Slim', 'نحيفة'), t('Magnetic', 'Magnetik', 'مغناطيسية')] },
      { name: t('Fitness Band', 'Smartband', 'سوار لياقة'), icon: 'watch', subs: ['smartwatches'], price: [199_000, 899_000], unit: 'pcs', colors: true, mods: TECH_MODS.slice(0, 2) },
    ],
  },
  {
    slug: 'computers-laptops',
    name: t('Computers & Laptops', 'Komputer & Laptop', 'حواسيب ولابتوبات'),
    icon: 'laptop',
    palette: 2,
    subs: ['laptops', 'monitors', 'keyboards-mice', 'storage', 'printers', 'networking'],
    brands: ['Komputa', 'Bytewise', 'Kilat'],
    blurb: t(
      'ready for work, study and light gaming, delivered with an original licence and a local service network',
      'siap untuk kerja, kuliah, dan gaming ringan, dengan lisensi original dan jaringan servis lokal',
      'جاهز للعمل والدراسة والألعاب الخفيفة مع ترخيص أصلي وشبكة صيانة محلية',
    ),
    features: [
      t('Fast SSD storage', 'Penyimpanan SSD cepat', 'تخزين SSD سريع'),
      t('Original licensed operating system', 'Sistem operasi original berlisensi', 'نظام تشغيل أصلي مرخص'),
      t('Service centres in major cities', 'Service center di kota besar', 'مراكز صيانة في المدن الكبرى'),
      t('Plug and play, no driver needed', 'Plug and play tanpa driver', 'توصيل وتشغيل بدون تعريفات'),
    ],
    warranty: t('2-year official warranty', 'Garansi resmi 2 tahun', 'ضمان رسمي لمدة سنتين'),
    weight: 7,
    types: [
      { name: t('Laptop 14 inch', 'Laptop 14 inci', 'حاسوب محمول 14 بوصة'), icon: 'laptop', subs: ['laptops'], price: [4_999_000, 15_000_000], unit: 'pcs', variants: 'storage', mods: [t('Core i5', 'Core i5', 'كور i5'), t('Ryzen 7', 'Ryzen 7', 'رايزن 7'), t('Ultrabook', 'Ultrabook', 'ألترابوك')] },
      { name: t('Gaming Laptop', 'Laptop Gaming', 'حاسوب ألعاب محمول'), icon: 'laptop', subs: ['laptops'], price: [9_999_000, 15_000_000], unit: 'pcs', variants: 'storage', mods: [t('RTX 4050', 'RTX 4050', 'RTX 4050'), t('144 Hz', '144 Hz', '144 هرتز')] },
      { name: t('IPS Monitor 24 inch', 'Monitor IPS 24 inci', 'شاشة IPS مقاس 24 بوصة'), icon: 'monitor', subs: ['monitors'], price: [1_299_000, 3_999_000], unit: 'pcs', mods: [t('75 Hz', '75 Hz', '75 هرتز'), t('165 Hz', '165 Hz', '165 هرتز')] },
      { name: t('Mechanical Keyboard', 'Keyboard Mekanikal', 'لوحة مفاتيح ميكانيكية'), icon: 'tablet', subs: ['keyboards-mice'], price: [249_000, 1_499_000], unit: 'pcs', colors: true, mods: [t('Hot-swap', 'Hot-swap', 'قابلة للتبديل'), t('TKL', 'TKL', 'بدون أرقام')] },
      { name: t('External SSD 1TB', 'SSD Eksternal 1TB', 'قرص SSD خارجي 1 تيرابايت'), icon: 'phone', subs: ['storage'], price: [899_000, 2_499_000], unit: 'pcs', mods: [t('USB 3.2', 'USB 3.2', 'USB 3.2'), t('Rugged', 'Rugged', 'متين')] },
      { name: t('Ink Tank Printer', 'Printer Ink Tank', 'طابعة بخزان حبر'), icon: 'monitor', subs: ['printers'], price: [1_599_000, 3_999_000], unit: 'pcs', mods: [t('Wi-Fi', 'Wi-Fi', 'واي فاي'), t('All-in-One', 'All-in-One', 'متعددة الوظائف')] },
      { name: t('Wi-Fi 6 Router', 'Router Wi-Fi 6', 'راوتر واي فاي 6'), icon: 'lamp', subs: ['networking'], price: [399_000, 1_999_000], unit: 'pcs', mods: [t('Mesh', 'Mesh', 'شبكي'), t('Dual Band', 'Dual Band', 'ثنائي النطاق')] },
    ],
  },
  {
    slug: 'health-beauty',
    name: t('Health & Beauty', 'Kesehatan & Kecantikan', 'الصحة والجمال'),
    icon: 'bottle',
    palette: 4,
    subs: ['skincare', 'makeup', 'hair-care', 'fragrances', 'vitamins', 'sports-nutrition', 'body-care'],
    brands: ['Seroja Beauty', 'Herbalia', 'Mentari Skin'],
    blurb: t(
      'BPOM-registered and halal-certified, made with gentle ingredients suited to Indonesian skin',
      'terdaftar BPOM dan bersertifikat halal, dibuat dengan bahan lembut yang cocok untuk kulit Indonesia',
      'مسجل لدى هيئة الغذاء والدواء الإندونيسية وحاصل على شهادة حلال، بمكونات لطيفة تناسب البشرة',
    ),
    features: [
      t('BPOM registered and halal', 'Terdaftar BPOM dan halal', 'مسجل رسميًا وحلال'),
      t('Dermatologically tested', 'Teruji dermatologis', 'مختبر من أطباء الجلد'),
      t('Free from parabens and alcohol', 'Bebas paraben dan alkohol', 'خالٍ من البارابين والكحول'),
      t('Light texture, absorbs quickly', 'Tekstur ringan dan cepat meresap', 'قوام خفيف يمتص بسرعة'),
    ],
    warranty: t('Sealed, expiry at least 12 months', 'Segel, kedaluwarsa minimal 12 bulan', 'مختوم وصالح لمدة 12 شهرًا على الأقل'),
    weight: 9,
    types: [
      { name: t('Brightening Serum', 'Serum Pencerah', 'سيروم تفتيح'), icon: 'bottle', subs: ['skincare'], price: [45_000, 249_000], unit: 'bottle', mods: [t('Niacinamide 10%', 'Niacinamide 10%', 'نياسيناميد 10%'), t('Vitamin C', 'Vitamin C', 'فيتامين سي'), t('30 ml', '30 ml', '30 مل')] },
      { name: t('Moisturiser Gel', 'Gel Pelembap', 'جل مرطب'), icon: 'jar', subs: ['skincare'], price: [39_000, 199_000], unit: 'pcs', mods: [t('Aloe Vera', 'Lidah Buaya', 'صبار'), t('Oil Control', 'Oil Control', 'للتحكم بالزيوت')] },
      { name: t('Sunscreen SPF 50', 'Sunscreen SPF 50', 'واقي شمس SPF 50'), icon: 'bottle', subs: ['skincare', 'body-care'], price: [49_000, 179_000], unit: 'bottle', mods: [t('PA++++', 'PA++++', 'PA++++'), t('Tinted', 'Tinted', 'ملون')] },
      { name: t('Matte Lipstick', 'Lipstik Matte', 'أحمر شفاه مطفي'), icon: 'bottle', subs: ['makeup'], price: [35_000, 159_000], unit: 'pcs', colors: true, mods: [t('Long Lasting', 'Tahan Lama', 'يدوم طويلًا'), t('Transferproof', 'Transferproof', 'لا ينتقل')] },
      { name: t('Argan Hair Oil', 'Minyak Rambut Argan', 'زيت أرغان للشعر'), icon: 'bottle', subs: ['hair-care'], price: [39_000, 149_000], unit: 'bottle', mods: [t('Anti Frizz', 'Anti Kusut', 'ضد التجعد'), t('100 ml', '100 ml', '100 مل')] },
      { name: t('Eau de Parfum', 'Eau de Parfum', 'ماء عطر'), icon: 'bottle', subs: ['fragrances'], price: [99_000, 899_000], unit: 'bottle', mods: [t('Oud Vanilla', 'Oud Vanila', 'عود وفانيلا'), t('Fresh Citrus', 'Citrus Segar', 'حمضيات منعشة'), t('50 ml', '50 ml', '50 مل')] },
      { name: t('Vitamin C 1000 mg', 'Vitamin C 1000 mg', 'فيتامين سي 1000 ملغ'), icon: 'jar', subs: ['vitamins'], price: [45_000, 189_000], unit: 'box', mods: [t('30 Tablets', '30 Tablet', '30 قرصًا'), t('Effervescent', 'Effervescent', 'فوار')] },
      { name: t('Whey Protein', 'Whey Protein', 'بروتين مصل اللبن'), icon: 'jar', subs: ['sports-nutrition', 'vitamins'], price: [299_000, 1_199_000], unit: 'pack', variants: 'weight', mods: [t('Chocolate', 'Cokelat', 'شوكولاتة'), t('Vanilla', 'Vanila', 'فانيلا')] },
      { name: t('Body Lotion', 'Body Lotion', 'لوشن للجسم'), icon: 'bottle', subs: ['body-care'], price: [29_000, 129_000], unit: 'bottle', mods: [t('Sakura', 'Sakura', 'ساكورا'), t('Jasmine', 'Melati', 'ياسمين')] },
    ],
  },
  {
    slug: 'home-kitchen',
    name: t('Home & Kitchen', 'Rumah & Dapur', 'المنزل والمطبخ'),
    icon: 'pan',
    palette: 5,
    subs: ['cookware', 'tableware', 'home-decor', 'bedding', 'storage-organisers', 'cleaning', 'lighting'],
    brands: ['Dapur Bunda', 'Rumahku', 'Jati Living'],
    blurb: t(
      'sturdy, easy to clean and made to make everyday cooking and housekeeping lighter',
      'kokoh, mudah dibersihkan, dan dibuat agar urusan masak dan rumah tangga jadi lebih ringan',
      'متين وسهل التنظيف ومصنوع ليجعل الطبخ والأعمال المنزلية اليومية أسهل',
    ),
    features: [
      t('Food-grade, BPA-free material', 'Bahan food grade, bebas BPA', 'مواد آمنة للطعام وخالية من BPA'),
      t('Non-stick coating, easy to clean', 'Lapisan anti lengket, mudah dibersihkan', 'طلاء مانع للالتصاق وسهل التنظيف'),
      t('Works on gas and induction stoves', 'Bisa untuk kompor gas dan induksi', 'يعمل على مواقد الغاز والحث'),
      t('Compact and space-saving', 'Ringkas dan hemat tempat', 'صغير الحجم وموفر للمساحة'),
    ],
    warranty: t('6-month shop warranty', 'Garansi toko 6 bulan', 'ضمان المتجر لمدة 6 أشهر'),
    weight: 9,
    types: [
      { name: t('Non-stick Frying Pan', 'Wajan Anti Lengket', 'مقلاة غير لاصقة'), icon: 'pan', subs: ['cookware'], price: [89_000, 499_000], unit: 'pcs', colors: true, mods: [t('24 cm', '24 cm', '24 سم'), t('28 cm', '28 cm', '28 سم'), t('Granite', 'Granit', 'جرانيت')] },
      { name: t('Ceramic Mug', 'Mug Keramik', 'كوب سيراميك'), icon: 'mug', subs: ['tableware'], price: [25_000, 99_000], unit: 'pcs', colors: true, mods: [t('350 ml', '350 ml', '350 مل'), t('Set of 2', 'Isi 2', 'طقم من 2')] },
      { name: t('Dinner Bowl Set', 'Set Mangkuk Makan', 'طقم أوعية طعام'), icon: 'bowl', subs: ['tableware'], price: [69_000, 299_000], unit: 'set', colors: true, mods: [t('Stoneware', 'Stoneware', 'فخار حجري'), t('6 Pieces', 'Isi 6', '6 قطع')] },
      { name: t('Table Lamp', 'Lampu Meja', 'مصباح طاولة'), icon: 'lamp', subs: ['lighting', 'home-decor'], price: [79_000, 399_000], unit: 'pcs', colors: true, mods: [t('LED', 'LED', 'ليد'), t('Rattan', 'Rotan', 'خيزران')] },
      { name: t('Storage Box', 'Kotak Penyimpanan', 'صندوق تخزين'), icon: 'bag', subs: ['storage-organisers'], price: [35_000, 189_000], unit: 'pcs', colors: true, mods: SIZE_MODS },
      { name: t('Microfibre Mop', 'Alat Pel Microfiber', 'ممسحة ألياف دقيقة'), icon: 'bottle', subs: ['cleaning'], price: [49_000, 249_000], unit: 'set', mods: [t('Spin', 'Putar', 'دوارة'), t('Flat', 'Flat', 'مسطحة')] },
      { name: t('Cotton Bed Sheet', 'Sprei Katun', 'ملاءة سرير قطنية'), icon: 'book', subs: ['bedding'], price: [119_000, 599_000], unit: 'set', colors: true, mods: [t('Queen 160x200', 'Queen 160x200', 'مقاس كوين 160×200'), t('King 180x200', 'King 180x200', 'مقاس كينغ 180×200')] },
    ],
  },
  {
    slug: 'sports-outdoors',
    name: t('Sports & Outdoors', 'Olahraga & Outdoor', 'الرياضة والأنشطة الخارجية'),
    icon: 'ball',
    palette: 2,
    subs: ['football', 'badminton', 'running', 'fitness', 'cycling', 'camping', 'sports-nutrition'],
    brands: ['Atletika', 'Garuda Sport', 'Trekka'],
    blurb: t(
      'tested on local courts and trails, light enough for training and tough enough for weekend adventures',
      'teruji di lapangan dan jalur lokal, ringan untuk latihan dan tangguh untuk petualangan akhir pekan',
      'مجرب في الملاعب والمسارات المحلية، خفيف للتدريب ومتين لمغامرات عطلة نهاية الأسبوع',
    ),
    features: [
      t('Lightweight and durable materials', 'Bahan ringan dan awet', 'مواد خفيفة ومتينة'),
      t('Ergonomic grip', 'Pegangan ergonomis', 'مقبض مريح'),
      t('Quick-dry fabric', 'Bahan cepat kering', 'قماش سريع الجفاف'),
      t('Suitable for beginners and pros', 'Cocok untuk pemula dan profesional', 'مناسب للمبتدئين والمحترفين'),
    ],
    warranty: t('30-day shop warranty', 'Garansi toko 30 hari', 'ضمان المتجر لمدة 30 يومًا'),
    weight: 8,
    types: [
      { name: t('Futsal Ball', 'Bola Futsal', 'كرة صالات'), icon: 'ball', subs: ['football'], price: [99_000, 549_000], unit: 'pcs', colors: true, mods: [t('Size 4', 'Ukuran 4', 'مقاس 4'), t('Match Pro', 'Match Pro', 'احترافية')] },
      { name: t('Football Boots', 'Sepatu Bola', 'حذاء كرة قدم'), icon: 'shoe', subs: ['football'], price: [249_000, 1_299_000], unit: 'pair', variants: 'shoe', colors: true, mods: [t('FG', 'FG', 'للملاعب العشبية'), t('Turf', 'Turf', 'للعشب الصناعي')] },
      { name: t('Badminton Racket', 'Raket Bulu Tangkis', 'مضرب ريشة'), icon: 'guitar', subs: ['badminton'], price: [149_000, 1_599_000], unit: 'pcs', colors: true, mods: [t('Carbon', 'Karbon', 'كربون'), t('Head Heavy', 'Head Heavy', 'ثقيل الرأس')] },
      { name: t('Running Shoes', 'Sepatu Lari', 'حذاء جري'), icon: 'shoe', subs: ['running'], price: [299_000, 1_499_000], unit: 'pair', variants: 'shoe', colors: true, mods: [t('Cushion', 'Cushion', 'مبطن'), t('Racing', 'Racing', 'للسباقات')] },
      { name: t('Dry-fit Jersey', 'Jersey Dry-fit', 'قميص رياضي سريع الجفاف'), icon: 'tshirt', subs: ['running', 'football'], price: [59_000, 249_000], unit: 'pcs', variants: 'apparel', colors: true, mods: FASHION_MODS.slice(0, 2) },
      { name: t('Adjustable Dumbbell', 'Dumbel Adjustable', 'دمبل قابل للتعديل'), icon: 'dumbbell', subs: ['fitness'], price: [149_000, 1_999_000], unit: 'set', mods: [t('10 kg', '10 kg', '10 كغ'), t('20 kg', '20 kg', '20 كغ')] },
      { name: t('Cycling Helmet', 'Helm Sepeda', 'خوذة دراجة'), icon: 'helmet', subs: ['cycling'], price: [149_000, 899_000], unit: 'pcs', colors: true, mods: [t('Road', 'Road', 'للطرق'), t('MTB', 'MTB', 'للجبال')] },
      { name: t('Hiking Backpack 40 L', 'Tas Carrier 40 L', 'حقيبة ظهر للمشي 40 لترًا'), icon: 'bag', subs: ['camping'], price: [249_000, 1_199_000], unit: 'pcs', colors: true, mods: [t('Rain Cover', 'Rain Cover', 'مع غطاء مطر'), t('Ultralight', 'Ultralight', 'خفيفة جدًا')] },
    ],
  },
  {
    slug: 'mother-baby',
    name: t('Mother & Baby', 'Ibu & Bayi', 'الأم والطفل'),
    icon: 'babybottle',
    palette: 4,
    subs: ['baby-feeding', 'diapers', 'baby-clothing', 'strollers', 'baby-care', 'baby-food'],
    brands: ['Buah Hati', 'Si Kecil', 'Mamaku'],
    blurb: t(
      'gentle and safe for your little one, chosen by Indonesian mums for everyday care',
      'lembut dan aman untuk si kecil, pilihan para ibu Indonesia untuk perawatan sehari-hari',
      'لطيف وآمن لطفلك الصغير، من اختيار الأمهات لرعاية يومية',
    ),
    features: [
      t('BPA-free and food-grade', 'Bebas BPA dan food grade', 'خالٍ من BPA وآمن للطعام'),
      t('Hypoallergenic and gentle on the skin', 'Hipoalergenik dan lembut di kulit', 'مضاد للحساسية ولطيف على البشرة'),
      t('SNI certified', 'Bersertifikat SNI', 'حاصل على شهادة المعايير الوطنية'),
      t('Easy to clean and sterilise', 'Mudah dibersihkan dan disterilkan', 'سهل التنظيف والتعقيم'),
    ],
    warranty: t('Sealed original product', 'Produk original tersegel', 'منتج أصلي مختوم'),
    weight: 7,
    types: [
      { name: t('Baby Feeding Bottle', 'Botol Susu Bayi', 'رضاعة أطفال'), icon: 'babybottle', subs: ['baby-feeding'], price: [49_000, 249_000], unit: 'pcs', colors: true, mods: [t('Wide Neck 250 ml', 'Wide Neck 250 ml', 'عنق عريض 250 مل'), t('Anti Colic', 'Anti Kolik', 'ضد المغص')] },
      { name: t('Tape Diapers', 'Popok Perekat', 'حفاضات لاصقة'), icon: 'snack', subs: ['diapers'], price: [69_000, 229_000], unit: 'pack', mods: [t('Size M 52', 'Ukuran M 52', 'مقاس M 52'), t('Size L 44', 'Ukuran L 44', 'مقاس L 44'), t('Newborn', 'Newborn', 'لحديثي الولادة')] },
      { name: t('Baby Romper', 'Jumper Bayi', 'رومبر للرضع'), icon: 'tshirt', subs: ['baby-clothing'], price: [39_000, 149_000], unit: 'pcs', colors: true, mods: [t('Organic Cotton', 'Katun Organik', 'قطن عضوي'), t('Set of 3', 'Isi 3', 'طقم من 3')] },
      { name: t('Lightweight Stroller', 'Stroller Ringan', 'عربة أطفال خفيفة'), icon: 'car', subs: ['strollers'], price: [699_000, 3_499_000], unit: 'pcs', colors: true, mods: [t('Cabin Size', 'Cabin Size', 'بحجم المقصورة'), t('Reversible', 'Reversible', 'قابلة للعكس')] },
      { name: t('Baby Shampoo', 'Sampo Bayi', 'شامبو أطفال'), icon: 'bottle', subs: ['baby-care'], price: [25_000, 99_000], unit: 'bottle', mods: [t('No Tears', 'Tidak Pedih', 'بدون دموع'), t('Chamomile', 'Chamomile', 'بابونج')] },
      { name: t('Baby Porridge', 'Bubur Bayi', 'عصيدة أطفال'), icon: 'bowl', subs: ['baby-food'], price: [19_000, 89_000], unit: 'box', mods: [t('Brown Rice', 'Beras Merah', 'أرز بني'), t('Chicken & Carrot', 'Ayam Wortel', 'دجاج وجزر')] },
    ],
  },
  {
    slug: 'food-beverages',
    name: t('Food & Beverages', 'Makanan & Minuman', 'الأطعمة والمشروبات'),
    icon: 'bowl',
    palette: 5,
    subs: ['coffee-tea', 'snacks', 'condiments', 'instant-food', 'drinks', 'healthy-food', 'baby-food'],
    brands: ['Kopi Kintamani', 'Rasa Nusantara', 'Sambal Juara', 'Teh Puncak'],
    blurb: t(
      'made by local producers from carefully chosen ingredients, with BPOM and halal certification',
      'dibuat oleh produsen lokal dari bahan pilihan, bersertifikat BPOM dan halal',
      'من إنتاج منتجين محليين بمكونات مختارة بعناية، حاصل على شهادات الجودة والحلال',
    ),
    features: [
      t('Halal and BPOM certified', 'Halal dan terdaftar BPOM', 'حلال ومعتمد رسميًا'),
      t('No artificial preservatives', 'Tanpa pengawet buatan', 'بدون مواد حافظة صناعية'),
      t('Packed airtight to keep it fresh', 'Dikemas kedap udara agar tetap segar', 'معبأ بإحكام للحفاظ على الطزاجة'),
      t('Made by local producers', 'Produksi UMKM lokal', 'من إنتاج مشاريع محلية'),
    ],
    warranty: t('Expiry at least 6 months', 'Kedaluwarsa minimal 6 bulan', 'صالح لمدة 6 أشهر على الأقل'),
    weight: 9,
    types: [
      { name: t('Arabica Coffee Beans', 'Biji Kopi Arabika', 'حبوب قهوة أرابيكا'), icon: 'mug', subs: ['coffee-tea'], price: [59_000, 289_000], unit: 'pack', variants: 'weight', mods: [t('Gayo', 'Gayo', 'غايو'), t('Kintamani', 'Kintamani', 'كينتاماني'), t('Toraja', 'Toraja', 'توراجا')] },
      { name: t('Jasmine Tea', 'Teh Melati', 'شاي بالياسمين'), icon: 'mug', subs: ['coffee-tea'], price: [15_000, 79_000], unit: 'box', mods: [t('25 Tea Bags', '25 Kantong', '25 كيسًا'), t('Loose Leaf', 'Teh Tubruk', 'أوراق سائبة')] },
      { name: t('Cassava Chips', 'Keripik Singkong', 'رقائق الكسافا'), icon: 'snack', subs: ['snacks'], price: [12_000, 49_000], unit: 'pack', mods: [t('Balado', 'Balado', 'حار بالبالادو'), t('Original', 'Original', 'أصلي'), t('Seaweed', 'Rumput Laut', 'بالأعشاب البحرية')] },
      { name: t('Chilli Sambal', 'Sambal Bawang', 'صلصة السامبال الحارة'), icon: 'jar', subs: ['condiments'], price: [19_000, 69_000], unit: 'bottle', mods: [t('Extra Hot', 'Extra Pedas', 'حار جدًا'), t('Anchovy', 'Teri', 'بالأنشوفة'), t('Smoked Fish', 'Cakalang', 'بالسمك المدخن')] },
      { name: t('Instant Fried Noodles', 'Mie Goreng Instan', 'نودلز مقلية سريعة التحضير'), icon: 'bowl', subs: ['instant-food'], price: [25_000, 115_000], unit: 'box', mods: [t('Box of 40', 'Isi 40', 'علبة من 40'), t('Spicy', 'Pedas', 'حار')] },
      { name: t('Rendang Ready Meal', 'Rendang Siap Saji', 'رندانغ جاهز'), icon: 'bowl', subs: ['instant-food'], price: [35_000, 129_000], unit: 'pack', mods: [t('Beef', 'Daging Sapi', 'لحم بقري'), t('Chicken', 'Ayam', 'دجاج')] },
      { name: t('Palm Sugar Syrup', 'Sirup Gula Aren', 'شراب سكر النخيل'), icon: 'bottle', subs: ['drinks'], price: [25_000, 89_000], unit: 'bottle', mods: [t('500 ml', '500 ml', '500 مل'), t('Pandan', 'Pandan', 'باندان')] },
      { name: t('Granola', 'Granola', 'غرانولا'), icon: 'jar', subs: ['healthy-food'], price: [45_000, 149_000], unit: 'pack', variants: 'weight', mods: [t('Honey Almond', 'Madu Almond', 'عسل ولوز'), t('Cocoa', 'Kakao', 'كاكاو')] },
    ],
  },
  {
    slug: 'automotive',
    name: t('Automotive', 'Otomotif', 'السيارات والدراجات النارية'),
    icon: 'tyre',
    palette: 3,
    subs: ['car-accessories', 'motorcycle-parts', 'helmets', 'oils-fluids', 'car-care', 'tyres-wheels'],
    brands: ['Roda Jaya', 'Motoprima', 'Pelumas Prima'],
    blurb: t(
      'fits popular cars and motorcycles on Indonesian roads, built to handle heat, rain and traffic',
      'cocok untuk mobil dan motor populer di jalanan Indonesia, tahan panas, hujan, dan macet',
      'مناسب للسيارات والدراجات النارية الشائعة على طرق إندونيسيا ويتحمل الحرارة والمطر والزحام',
    ),
    features: [
      t('Genuine parts with SNI mark', 'Suku cadang asli ber-SNI', 'قطع أصلية بعلامة المعايير الوطنية'),
      t('Fits most popular models', 'Cocok untuk banyak tipe populer', 'يناسب معظم الطرازات الشائعة'),
      t('Easy do-it-yourself installation', 'Mudah dipasang sendiri', 'سهل التركيب ذاتيًا'),
      t('Weather and heat resistant', 'Tahan cuaca dan panas', 'مقاوم للطقس والحرارة'),
    ],
    warranty: t('3-month shop warranty', 'Garansi toko 3 bulan', 'ضمان المتجر لمدة 3 أشهر'),
    weight: 6,
    types: [
      { name: t('Full Face Helmet', 'Helm Full Face', 'خوذة كاملة للوجه'), icon: 'helmet', subs: ['helmets'], price: [299_000, 1_899_000], unit: 'pcs', variants: 'apparel', colors: true, mods: [t('SNI', 'SNI', 'معتمدة'), t('Double Visor', 'Double Visor', 'بحاجبين')] },
      { name: t('Half Face Helmet', 'Helm Half Face', 'خوذة نصف وجه'), icon: 'helmet', subs: ['helmets'], price: [149_000, 599_000], unit: 'pcs', colors: true, mods: [t('Retro', 'Retro', 'كلاسيكية'), t('Flat Visor', 'Kaca Datar', 'حاجب مسطح')] },
      { name: t('Motorcycle Tyre', 'Ban Motor', 'إطار دراجة نارية'), icon: 'tyre', subs: ['tyres-wheels', 'motorcycle-parts'], price: [189_000, 749_000], unit: 'pcs', mods: [t('Tubeless 90/80-14', 'Tubeless 90/80-14', 'بدون أنبوب 90/80-14'), t('Ring 17', 'Ring 17', 'مقاس 17')] },
      { name: t('Alloy Wheel Set', 'Velg Racing', 'طقم جنوط ألمنيوم'), icon: 'tyre', subs: ['tyres-wheels', 'car-accessories'], price: [2_499_000, 9_999_000], unit: 'set', mods: [t('Ring 15', 'Ring 15', 'مقاس 15'), t('Ring 17', 'Ring 17', 'مقاس 17')] },
      { name: t('Synthetic Engine Oil', 'Oli Mesin Sintetis', 'زيت محرك صناعي'), icon: 'bottle', subs: ['oils-fluids'], price: [49_000, 449_000], unit: 'bottle', mods: [t('10W-40 1 L', '10W-40 1 L', '10W-40 لتر واحد'), t('5W-30 4 L', '5W-30 4 L', '5W-30 أربعة لترات')] },
      { name: t('Car Wax', 'Wax Mobil', 'شمع سيارات'), icon: 'jar', subs: ['car-care'], price: [39_000, 199_000], unit: 'pcs', mods: [t('Carnauba', 'Carnauba', 'كرنوبا'), t('Ceramic Coating', 'Coating Keramik', 'طلاء سيراميك')] },
      { name: t('Car Phone Holder', 'Holder HP Mobil', 'حامل هاتف للسيارة'), icon: 'phone', subs: ['car-accessories'], price: [35_000, 199_000], unit: 'pcs', colors: true, mods: [t('Magnetic', 'Magnetik', 'مغناطيسي'), t('Wireless Charging', 'Wireless Charging', 'شحن لاسلكي')] },
      { name: t('Die-cast Model Car', 'Miniatur Mobil Diecast', 'مجسم سيارة معدني'), icon: 'car', subs: ['car-accessories', 'diecast'], price: [59_000, 499_000], unit: 'pcs', colors: true, mods: [t('1:24 Scale', 'Skala 1:24', 'مقياس 1:24'), t('1:64 Scale', 'Skala 1:64', 'مقياس 1:64')] },
    ],
  },
  {
    slug: 'hobbies-collectibles',
    name: t('Hobbies & Collectibles', 'Hobi & Koleksi', 'الهوايات والمقتنيات'),
    icon: 'robot',
    palette: 0,
    subs: HOBBY_SUBS.map(([slug]) => slug).concat('comics'),
    brands: ['Mainan Kita', 'Koleksi Nusantara', 'Rakit Studio'],
    blurb: t(
      'a favourite of local collectors and makers, packed carefully so it arrives in mint condition',
      'favorit kolektor dan kreator lokal, dikemas dengan hati-hati agar tiba dalam kondisi mulus',
      'المفضل لدى الهواة وجامعي المقتنيات، مغلف بعناية ليصل بحالة ممتازة',
    ),
    features: [
      t('Detailed finish, true to scale', 'Detail rapi sesuai skala', 'تفاصيل دقيقة ومطابقة للمقياس'),
      t('Safe, non-toxic materials', 'Bahan aman dan tidak beracun', 'مواد آمنة وغير سامة'),
      t('Bubble-wrapped with a sturdy box', 'Dibungkus bubble wrap dan kardus tebal', 'مغلف بالفقاعات وبصندوق متين'),
      t('Great as a gift', 'Cocok untuk hadiah', 'مثالي كهدية'),
    ],
    warranty: t('Replacement if it arrives damaged', 'Ganti baru jika rusak saat diterima', 'استبدال إذا وصل تالفًا'),
    weight: 8,
    types: [
      { name: t('Robot Action Figure', 'Action Figure Robot', 'مجسم روبوت'), icon: 'robot', subs: ['action-figures', 'figurines'], price: [89_000, 899_000], unit: 'pcs', colors: true, mods: [t('Articulated', 'Bisa Digerakkan', 'مفصلي'), t('Limited Edition', 'Edisi Terbatas', 'إصدار محدود')] },
      { name: t('Mecha Model Kit', 'Model Kit Mecha', 'مجسم روبوت للتركيب'), icon: 'robot', subs: ['mecha-kits', 'model-kits'], price: [149_000, 1_299_000], unit: 'box', mods: [t('1:144 Scale', 'Skala 1:144', 'مقياس 1:144'), t('Master Grade', 'Master Grade', 'درجة احترافية')] },
      { name: t('RC Rally Car', 'Mobil RC Rally', 'سيارة رالي بالتحكم'), icon: 'car', subs: ['rc-cars'], price: [199_000, 1_999_000], unit: 'pcs', colors: true, mods: [t('4WD', '4WD', 'دفع رباعي'), t('1:16 Scale', 'Skala 1:16', 'مقياس 1:16')] },
      { name: t('Acoustic Guitar', 'Gitar Akustik', 'قيثارة صوتية'), icon: 'guitar', subs: ['guitars', 'musical-instruments'], price: [499_000, 3_999_000], unit: 'pcs', colors: true, mods: [t('Mahogany', 'Mahoni', 'ماهوجني'), t('With Pickup', 'Dengan Pickup', 'مع لاقط')] },
      { name: t('Soprano Ukulele', 'Ukulele Soprano', 'يوكوليلي سوبرانو'), icon: 'guitar', subs: ['ukuleles', 'musical-instruments'], price: [149_000, 699_000], unit: 'pcs', colors: true, mods: [t('Starter Pack', 'Paket Pemula', 'حزمة المبتدئين'), t('Solid Top', 'Solid Top', 'سطح صلب')] },
      { name: t('1000-piece Jigsaw Puzzle', 'Puzzle 1000 Keping', 'أحجية 1000 قطعة'), icon: 'book', subs: ['jigsaw-puzzles', 'board-games'], price: [99_000, 349_000], unit: 'box', mods: [t('Borobudur', 'Borobudur', 'بوروبودور'), t('Raja Ampat', 'Raja Ampat', 'راجا أمبات')] },
      { name: t('Teddy Bear Plush', 'Boneka Beruang', 'دب محشو'), icon: 'robot', subs: ['plush-toys'], price: [49_000, 399_000], unit: 'pcs', colors: true, mods: SIZE_MODS },
      { name: t('Acrylic Paint Set', 'Set Cat Akrilik', 'طقم ألوان أكريليك'), icon: 'jar', subs: ['painting-supplies', 'calligraphy'], price: [59_000, 399_000], unit: 'set', mods: [t('24 Colours', '24 Warna', '24 لونًا'), t('Metallic', 'Metalik', 'معدني')] },
      { name: t('Wooden Chess Set', 'Papan Catur Kayu', 'طقم شطرنج خشبي'), icon: 'book', subs: ['chess', 'traditional-games', 'board-games'], price: [99_000, 599_000], unit: 'set', mods: [t('Magnetic', 'Magnetik', 'مغناطيسي'), t('Tournament', 'Turnamen', 'للبطولات')] },
      { name: t('Speed Cube 3x3', 'Rubik 3x3', 'مكعب سرعة 3×3'), icon: 'jar', subs: ['speed-cubes', 'yo-yos'], price: [29_000, 249_000], unit: 'pcs', mods: [t('Magnetic', 'Magnetik', 'مغناطيسي'), t('Stickerless', 'Stickerless', 'بدون ملصقات')] },
      { name: t('Camera Drone', 'Drone Kamera', 'طائرة مسيرة بكاميرا'), icon: 'camera', subs: ['drones', 'photography-gear'], price: [699_000, 7_999_000], unit: 'pcs', mods: [t('4K GPS', '4K GPS', '4K مع GPS'), t('Mini', 'Mini', 'صغيرة')] },
      { name: t('Bonsai Starter Kit', 'Paket Bonsai Pemula', 'طقم بونساي للمبتدئين'), icon: 'lamp', subs: ['bonsai', 'gardening'], price: [59_000, 299_000], unit: 'set', mods: [t('Juniper', 'Cemara', 'عرعر'), t('Ficus', 'Beringin', 'فيكس')] },
      { name: t('Fishing Rod Combo', 'Joran Pancing Set', 'طقم صنارة صيد'), icon: 'guitar', subs: ['fishing'], price: [149_000, 1_499_000], unit: 'set', mods: [t('Spinning 1.8 m', 'Spinning 1,8 m', 'دوارة 1.8 م'), t('Carbon', 'Karbon', 'كربون')] },
    ],
  },
  {
    slug: 'books-stationery',
    name: t('Books & Stationery', 'Buku & Alat Tulis', 'الكتب والقرطاسية'),
    icon: 'book',
    palette: 1,
    subs: ['fiction', 'non-fiction', 'childrens-books', 'notebooks', 'writing-tools', 'office-supplies', 'comics'],
    brands: ['Pustaka Cendekia', 'Tinta Emas', 'Kertasku'],
    blurb: t(
      'printed on quality paper, loved by readers, students and office workers across the archipelago',
      'dicetak di kertas berkualitas, disukai pembaca, pelajar, dan pekerja kantoran di seluruh nusantara',
      'مطبوع على ورق عالي الجودة ومحبوب لدى القراء والطلاب وموظفي المكاتب',
    ),
    features: [
      t('Original, sealed in plastic', 'Original dan bersegel plastik', 'أصلي ومغلف بالبلاستيك'),
      t('Thick, non-bleed paper', 'Kertas tebal dan tidak tembus', 'ورق سميك لا ينفذ الحبر'),
      t('Bonus bookmark', 'Bonus pembatas buku', 'فاصل كتب هدية'),
      t('Suitable for school and office', 'Cocok untuk sekolah dan kantor', 'مناسب للمدرسة والمكتب'),
    ],
    warranty: t('Replacement for printing defects', 'Ganti jika cacat cetak', 'استبدال عند وجود عيوب طباعة'),
    weight: 7,
    types: [
      { name: t('Novel', 'Novel', 'رواية'), icon: 'book', subs: ['fiction'], price: [59_000, 149_000], unit: 'pcs', mods: [t('Paperback', 'Soft Cover', 'غلاف ورقي'), t('Hardcover', 'Hard Cover', 'غلاف مقوى'), t('Special Edition', 'Edisi Spesial', 'طبعة خاصة')] },
      { name: t('Personal Finance Guide', 'Buku Panduan Keuangan', 'دليل التمويل الشخصي'), icon: 'book', subs: ['non-fiction'], price: [69_000, 159_000], unit: 'pcs', mods: [t('Revised Edition', 'Edisi Revisi', 'طبعة منقحة'), t('Paperback', 'Soft Cover', 'غلاف ورقي')] },
      { name: t('Picture Story Book', 'Buku Cerita Bergambar', 'كتاب قصص مصورة للأطفال'), icon: 'book', subs: ['childrens-books'], price: [35_000, 119_000], unit: 'pcs', mods: [t('Bilingual', 'Dwibahasa', 'ثنائي اللغة'), t('Folk Tales', 'Cerita Rakyat', 'حكايات شعبية')] },
      { name: t('Manga Volume', 'Komik Manga', 'مجلد مانغا'), icon: 'book', subs: ['comics'], price: [30_000, 89_000], unit: 'pcs', mods: [t('Vol. 1', 'Vol. 1', 'المجلد 1'), t('Box Set', 'Box Set', 'مجموعة كاملة')] },
      { name: t('Dotted Notebook A5', 'Buku Catatan Dotted A5', 'دفتر منقط A5'), icon: 'book', subs: ['notebooks'], price: [25_000, 119_000], unit: 'pcs', colors: true, mods: [t('Hardcover', 'Hard Cover', 'غلاف مقوى'), t('Undated Planner', 'Planner Tanpa Tanggal', 'مخطط بدون تاريخ')] },
      { name: t('Gel Pen Set', 'Set Pulpen Gel', 'طقم أقلام جل'), icon: 'lamp', subs: ['writing-tools'], price: [15_000, 89_000], unit: 'pack', mods: [t('0.5 mm', '0,5 mm', '0.5 مم'), t('12 Colours', '12 Warna', '12 لونًا')] },
      { name: t('Desk Organiser', 'Rak Meja Kantor', 'منظم مكتب'), icon: 'bag', subs: ['office-supplies'], price: [39_000, 199_000], unit: 'pcs', colors: true, mods: [t('Bamboo', 'Bambu', 'خيزران'), t('Metal Mesh', 'Besi Jaring', 'شبك معدني')] },
    ],
  },
];

export interface BrandSeed {
  name: string;
  color: string;
}

export const COLORS: ReadonlyArray<{ name: Tr; code: string; palette: number }> = [
  { name: t('Black', 'Hitam', 'أسود'), code: '#111827', palette: 3 },
  { name: t('White', 'Putih', 'أبيض'), code: '#F9FAFB', palette: 3 },
  { name: t('Red', 'Merah', 'أحمر'), code: '#DC2626', palette: 0 },
  { name: t('Navy', 'Biru Dongker', 'كحلي'), code: '#1E3A8A', palette: 1 },
  { name: t('Sky Blue', 'Biru Muda', 'أزرق سماوي'), code: '#38BDF8', palette: 1 },
  { name: t('Green', 'Hijau', 'أخضر'), code: '#16A34A', palette: 2 },
  { name: t('Olive', 'Hijau Army', 'زيتي'), code: '#4D7C0F', palette: 2 },
  { name: t('Pink', 'Merah Muda', 'وردي'), code: '#EC4899', palette: 4 },
  { name: t('Maroon', 'Marun', 'عنابي'), code: '#7F1D1D', palette: 0 },
  { name: t('Orange', 'Oranye', 'برتقالي'), code: '#EA580C', palette: 5 },
  { name: t('Mustard', 'Kuning Mustard', 'خردلي'), code: '#CA8A04', palette: 5 },
  { name: t('Grey', 'Abu-abu', 'رمادي'), code: '#6B7280', palette: 3 },
  { name: t('Brown', 'Cokelat', 'بني'), code: '#92400E', palette: 5 },
  { name: t('Beige', 'Krem', 'بيج'), code: '#E7D8B8', palette: 5 },
  { name: t('Purple', 'Ungu', 'بنفسجي'), code: '#7C3AED', palette: 4 },
  { name: t('Silver', 'Perak', 'فضي'), code: '#C0C0C0', palette: 3 },
];

export const SIZE_GROUPS: Record<VariantKind, ReadonlyArray<{ name: Tr; extra: number }>> = {
  apparel: [
    { name: t('S', 'S', 'S'), extra: 0 },
    { name: t('M', 'M', 'M'), extra: 0 },
    { name: t('L', 'L', 'L'), extra: 0 },
    { name: t('XL', 'XL', 'XL'), extra: 5_000 },
    { name: t('XXL', 'XXL', 'XXL'), extra: 10_000 },
  ],
  shoe: [38, 39, 40, 41, 42, 43, 44].map((n) => ({ name: t(String(n), String(n), String(n)), extra: n >= 43 ? 10_000 : 0 })),
  storage: [
    { name: t('64GB', '64GB', '64 غيغابايت'), extra: 0 },
    { name: t('128GB', '128GB', '128 غيغابايت'), extra: 250_000 },
    { name: t('256GB', '256GB', '256 غيغابايت'), extra: 500_000 },
    { name: t('512GB', '512GB', '512 غيغابايت'), extra: 500_000 },
  ],
  weight: [
    { name: t('250 g', '250 gr', '250 غرامًا'), extra: 0 },
    { name: t('500 g', '500 gr', '500 غرام'), extra: 45_000 },
    { name: t('1 kg', '1 kg', '1 كغ'), extra: 95_000 },
  ],
};

export const UNITS: Record<string, Tr> = {
  pcs: t('pcs', 'pcs', 'قطعة'),
  pair: t('pair', 'pasang', 'زوج'),
  set: t('set', 'set', 'طقم'),
  pack: t('pack', 'pak', 'عبوة'),
  box: t('box', 'kotak', 'علبة'),
  bottle: t('bottle', 'botol', 'زجاجة'),
  kg: t('kg', 'kg', 'كغ'),
};

/** Every brand with the colour of its badge; names are invented. */
export function allBrands(): BrandSeed[] {
  const colors = ['#0f766e', '#b91c1c', '#1d4ed8', '#7c3aed', '#c2410c', '#15803d', '#be185d', '#0369a1', '#4d7c0f'];
  return CATEGORIES.flatMap((c) => c.brands).map((name, i) => ({ name, color: colors[i % colors.length] as string }));
}
