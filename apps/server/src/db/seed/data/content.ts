import type { ProductIcon } from '../images';

export const APP_NAME = 'Pasar Nusantara';

export interface ShopSeed {
  name: string;
  slug: string;
  owner: string;
  /** Category slugs the shop sells in. */
  categories: string[];
  province: string;
  city: string;
  address: string;
  color: string;
  prefix: string;
  opening: string;
  closing: string;
  offDay: string | null;
  delivery: string;
  /** Whole rupiah. */
  deliveryCharge: number;
  minOrder: number;
  short: string;
  description: string;
  tagline: string;
}

export const SHOPS: ShopSeed[] = [
  {
    name: 'Batik Sekar Jagad',
    slug: 'batik-sekar-jagad',
    owner: 'Ratna Handayani',
    categories: ['mens-fashion', 'womens-fashion'],
    province: 'ID-JT',
    city: 'Surakarta',
    address: 'Jl. Dr. Rajiman No. 218, Laweyan, Surakarta',
    color: '#9a3412',
    prefix: 'BSJ',
    opening: '08:00',
    closing: '21:00',
    offDay: null,
    delivery: '2-4 hari',
    deliveryCharge: 12_000,
    minOrder: 0,
    short: 'Batik tulis dan cap asli Solo, langsung dari perajin Laweyan.',
    description:
      'Batik Sekar Jagad adalah usaha keluarga di Kampung Batik Laweyan sejak 1987. Kami menjual kemeja batik pria, dress, dan busana muslim dengan motif klasik seperti parang, kawung, dan sekar jagad, dibuat oleh perajin setempat.',
    tagline: 'Batik asli Laweyan',
  },
  {
    name: 'Gadget Kilat Official',
    slug: 'gadget-kilat-official',
    owner: 'Kevin Pratama',
    categories: ['phones-tablets', 'electronics', 'computers-laptops'],
    province: 'ID-JK',
    city: 'Jakarta Pusat',
    address: 'ITC Roxy Mas Lt. 2 Blok C No. 15, Gambir, Jakarta Pusat',
    color: '#1d4ed8',
    prefix: 'GKO',
    opening: '09:00',
    closing: '21:00',
    offDay: null,
    delivery: '1-2 hari',
    deliveryCharge: 15_000,
    minOrder: 0,
    short: 'Smartphone, tablet, dan aksesoris bergaransi resmi. Kirim cepat dari Jakarta.',
    description:
      'Gadget Kilat Official menjual smartphone, tablet, laptop, dan aksesoris original dengan IMEI terdaftar dan garansi resmi. Pesanan sebelum pukul 15.00 dikirim di hari yang sama.',
    tagline: 'Gadget original, kirim kilat',
  },
  {
    name: 'Dapur Bunda Store',
    slug: 'dapur-bunda-store',
    owner: 'Sri Wahyuni',
    categories: ['home-kitchen', 'food-beverages'],
    province: 'ID-JB',
    city: 'Bandung',
    address: 'Jl. Cihampelas No. 112, Coblong, Bandung',
    color: '#c2410c',
    prefix: 'DBS',
    opening: '07:00',
    closing: '20:00',
    offDay: 'Sunday',
    delivery: '2-3 hari',
    deliveryCharge: 10_000,
    minOrder: 25_000,
    short: 'Peralatan masak, peralatan makan, dan bumbu dapur pilihan untuk keluarga.',
    description:
      'Dapur Bunda Store menyediakan wajan, panci, peralatan makan, dan kebutuhan dapur lain yang awet dan aman untuk makanan, ditambah sambal dan bumbu racikan rumahan dari Bandung.',
    tagline: 'Semua untuk dapur keluarga',
  },
  {
    name: 'Kopi Kintamani Roastery',
    slug: 'kopi-kintamani-roastery',
    owner: 'I Made Suardana',
    categories: ['food-beverages'],
    province: 'ID-BA',
    city: 'Bangli',
    address: 'Jl. Raya Penelokan, Kintamani, Bangli, Bali',
    color: '#78350f',
    prefix: 'KKR',
    opening: '08:00',
    closing: '18:00',
    offDay: 'Sunday',
    delivery: '3-5 hari',
    deliveryCharge: 18_000,
    minOrder: 0,
    short: 'Kopi arabika single origin dari petani Nusantara, disangrai setiap minggu.',
    description:
      'Kami membeli biji kopi langsung dari petani di Kintamani, Gayo, Toraja, dan Flores, lalu menyangrainya sendiri setiap minggu agar aroma tetap segar saat sampai di cangkir Anda.',
    tagline: 'Disangrai segar setiap minggu',
  },
  {
    name: 'Sport Arena Surabaya',
    slug: 'sport-arena-surabaya',
    owner: 'Andi Kurniawan',
    categories: ['sports-outdoors', 'mens-fashion'],
    province: 'ID-JI',
    city: 'Surabaya',
    address: 'Jl. Tunjungan No. 45, Genteng, Surabaya',
    color: '#15803d',
    prefix: 'SAS',
    opening: '09:00',
    closing: '21:30',
    offDay: null,
    delivery: '2-4 hari',
    deliveryCharge: 13_000,
    minOrder: 0,
    short: 'Perlengkapan futsal, bulu tangkis, lari, dan fitness untuk semua level.',
    description:
      'Sport Arena Surabaya melayani atlet dan penghobi olahraga sejak 2012: sepatu bola dan lari, raket bulu tangkis, jersey, hingga alat fitness rumahan.',
    tagline: 'Siap menang bersama kamu',
  },
  {
    name: 'Seroja Beauty House',
    slug: 'seroja-beauty-house',
    owner: 'Dewi Lestari',
    categories: ['health-beauty', 'mother-baby'],
    province: 'ID-SN',
    city: 'Makassar',
    address: 'Jl. Somba Opu No. 77, Ujung Pandang, Makassar',
    color: '#be185d',
    prefix: 'SBH',
    opening: '09:00',
    closing: '21:00',
    offDay: null,
    delivery: '3-5 hari',
    deliveryCharge: 16_000,
    minOrder: 0,
    short: 'Skincare dan makeup terdaftar BPOM, 100% original.',
    description:
      'Seroja Beauty House menjual skincare, makeup, parfum, dan perawatan rambut dari brand lokal terpercaya. Semua produk terdaftar BPOM dan dikirim dengan segel utuh.',
    tagline: 'Cantik alami setiap hari',
  },
  {
    name: 'Rumah Bayi Ceria',
    slug: 'rumah-bayi-ceria',
    owner: 'Nur Aisyah',
    categories: ['mother-baby', 'health-beauty'],
    province: 'ID-BT',
    city: 'Tangerang Selatan',
    address: 'Jl. Pahlawan Seribu, BSD City, Tangerang Selatan',
    color: '#0891b2',
    prefix: 'RBC',
    opening: '08:00',
    closing: '20:00',
    offDay: null,
    delivery: '1-3 hari',
    deliveryCharge: 12_000,
    minOrder: 0,
    short: 'Perlengkapan bayi dan ibu menyusui yang aman dan nyaman.',
    description:
      'Dari botol susu, popok, pakaian bayi, sampai stroller, Rumah Bayi Ceria memilih produk yang aman, bebas BPA, dan teruji untuk menemani tumbuh kembang si kecil.',
    tagline: 'Teman tumbuh si kecil',
  },
  {
    name: 'Otomotif Jaya Motor',
    slug: 'otomotif-jaya-motor',
    owner: 'Bambang Setiawan',
    categories: ['automotive'],
    province: 'ID-SU',
    city: 'Medan',
    address: 'Jl. Sisingamangaraja No. 88, Medan Kota, Medan',
    color: '#374151',
    prefix: 'OJM',
    opening: '08:30',
    closing: '17:30',
    offDay: 'Sunday',
    delivery: '3-6 hari',
    deliveryCharge: 20_000,
    minOrder: 50_000,
    short: 'Helm SNI, ban, oli, dan aksesoris mobil & motor original.',
    description:
      'Otomotif Jaya Motor menyediakan suku cadang dan aksesoris untuk mobil dan motor: helm ber-SNI, ban tubeless, oli sintetis, velg, dan perawatan kendaraan.',
    tagline: 'Teman setia di perjalanan',
  },
  {
    name: 'Toko Buku Cendekia',
    slug: 'toko-buku-cendekia',
    owner: 'Hendra Gunawan',
    categories: ['books-stationery', 'hobbies-collectibles'],
    province: 'ID-YO',
    city: 'Yogyakarta',
    address: 'Jl. Kaliurang Km 5 No. 21, Sleman, Yogyakarta',
    color: '#4338ca',
    prefix: 'TBC',
    opening: '09:00',
    closing: '21:00',
    offDay: null,
    delivery: '2-4 hari',
    deliveryCharge: 11_000,
    minOrder: 0,
    short: 'Buku baru original, komik, dan alat tulis untuk pelajar dan mahasiswa.',
    description:
      'Toko Buku Cendekia hadir di dekat kampus sejak 1998. Kami menjual novel, buku nonfiksi, buku anak, komik, serta alat tulis dan perlengkapan kantor dengan harga bersahabat.',
    tagline: 'Membaca membuka dunia',
  },
  {
    name: 'Koleksi Mainan Nusantara',
    slug: 'koleksi-mainan-nusantara',
    owner: 'Rizky Ramadhan',
    categories: ['hobbies-collectibles'],
    province: 'ID-JB',
    city: 'Bekasi',
    address: 'Jl. Ahmad Yani No. 9, Bekasi Selatan, Bekasi',
    color: '#dc2626',
    prefix: 'KMN',
    opening: '10:00',
    closing: '22:00',
    offDay: null,
    delivery: '2-3 hari',
    deliveryCharge: 12_000,
    minOrder: 0,
    short: 'Action figure, model kit, diecast, RC, dan barang koleksi.',
    description:
      'Surga para kolektor: action figure, model kit, diecast, mobil RC, board game, dan barang koleksi langka. Semua dikemas dengan bubble wrap dan kardus tebal.',
    tagline: 'Untuk para kolektor sejati',
  },
  {
    name: 'Rumahku Living',
    slug: 'rumahku-living',
    owner: 'Agus Salim',
    categories: ['home-kitchen', 'hobbies-collectibles'],
    province: 'ID-JT',
    city: 'Jepara',
    address: 'Jl. Pemuda No. 31, Jepara',
    color: '#a16207',
    prefix: 'RKL',
    opening: '08:00',
    closing: '17:00',
    offDay: 'Friday',
    delivery: '3-5 hari',
    deliveryCharge: 17_000,
    minOrder: 0,
    short: 'Dekorasi rumah, lampu, dan kerajinan kayu jati khas Jepara.',
    description:
      'Rumahku Living menghadirkan dekorasi rumah, lampu rotan, perlengkapan tidur, dan kerajinan kayu buatan perajin Jepara untuk rumah yang hangat dan nyaman.',
    tagline: 'Hangatnya rumah Indonesia',
  },
  {
    name: 'Elektronik Sentosa',
    slug: 'elektronik-sentosa',
    owner: 'Yohanes Wijaya',
    categories: ['electronics', 'computers-laptops', 'phones-tablets'],
    province: 'ID-KI',
    city: 'Balikpapan',
    address: 'Jl. Jenderal Sudirman No. 120, Balikpapan',
    color: '#0f766e',
    prefix: 'ELS',
    opening: '09:00',
    closing: '21:00',
    offDay: null,
    delivery: '3-7 hari',
    deliveryCharge: 22_000,
    minOrder: 0,
    short: 'TV, audio, kamera, dan peralatan rumah tangga bergaransi resmi.',
    description:
      'Elektronik Sentosa adalah toko elektronik keluarga di Balikpapan. Kami menjual televisi, audio, kamera, laptop, dan peralatan rumah tangga dengan garansi resmi dan layanan purna jual.',
    tagline: 'Elektronik terpercaya sejak 1995',
  },
];

/** Customers who write the demo reviews. */
export const REVIEWER_NAMES = [
  'Rina Wijaya',
  'Budi Santoso',
  'Siti Rahmawati',
  'Agus Prasetyo',
  'Dian Permata',
  'Eko Saputra',
  'Fitri Handayani',
  'Galih Nugroho',
  'Hana Pertiwi',
  'Indra Kusuma',
  'Joko Susilo',
  'Kartika Sari',
  'Lukman Hakim',
  'Maya Anggraini',
  'Nanda Putri',
  'Oki Firmansyah',
  'Putu Ayu',
  'Rahmat Hidayat',
  'Sari Melati',
  'Teguh Wibowo',
  'Umi Kalsum',
  'Vina Oktaviani',
  'Wahyu Hidayat',
  'Yuliana Dewi',
  'Zainal Arifin',
  'Ayu Lestari',
  'Bayu Aji',
  'Citra Kirana',
  'Dimas Anggara',
  'Erna Susanti',
  'Fajar Ramadhan',
  'Gita Savitri',
  'Hendro Purnomo',
  'Intan Nuraini',
  'Kadek Wirawan',
  'Lina Marlina',
  'Made Artawan',
  'Novi Andriani',
  'Reza Pahlevi',
  'Tiara Andini',
];

/** Review texts by rating; most demo reviews are 4 or 5 stars, as on real marketplaces. */
export const REVIEW_TEXTS: Record<number, string[]> = {
  5: [
    'Barang sesuai deskripsi, pengiriman cepat. Recommended seller!',
    'Kualitas mantap, packing rapi dan aman. Terima kasih, kak.',
    'Sudah order kedua kalinya, tetap puas. Sukses terus tokonya.',
    'Original, respon penjual ramah dan cepat. Bintang lima!',
    'Great quality for the price, arrived two days early.',
    'Exactly as pictured. Well packed and the seller was very helpful.',
    'Suka banget, warnanya cantik dan bahannya bagus.',
    'Pengiriman kilat, barang mulus tanpa cacat. Mantap!',
    'Love it! Will definitely buy again from this shop.',
  ],
  4: [
    'Barang bagus, cuma pengiriman agak lama karena ekspedisi.',
    'Sesuai harga, kualitas oke. Semoga awet.',
    'Good product, the box was a little dented but the item is fine.',
    'Overall puas, ukurannya pas. Mungkin warna sedikit beda dari foto.',
    'Nice and works well. Instructions could be clearer.',
    'Bagus, penjual responsif. Kurang bonus stiker aja hehe.',
  ],
  3: [
    'Lumayan, tapi tidak sebagus ekspektasi saya.',
    'Average quality. It does the job for now.',
    'Barang oke, tapi pengiriman lebih dari seminggu.',
  ],
  2: ['Kualitas kurang sesuai foto, tapi penjual mau bantu komplain.', 'Not what I expected, a bit flimsy.'],
  1: ['Barang datang rusak, masih menunggu solusi dari penjual.'],
};

export interface BannerSeed {
  title: string;
  subtitle: string;
  badge: string;
  url: string;
  icons: ProductIcon[];
  palette: number;
}

export const PLATFORM_BANNERS: BannerSeed[] = [
  {
    title: 'Gebyar Belanja Akhir Tahun',
    subtitle: 'Diskon hingga 70% untuk ribuan produk pilihan',
    badge: 'PROMO',
    url: '/best-deal',
    icons: ['phone', 'shoe', 'bag'],
    palette: 1,
  },
  {
    title: 'Gratis Ongkir se-Indonesia',
    subtitle: 'Belanja dari toko lokal favoritmu, kirim ke seluruh nusantara',
    badge: 'ONGKIR Rp0',
    url: '/shops',
    icons: ['bag', 'mug', 'book'],
    palette: 2,
  },
  {
    title: 'Gadget Baru, Harga Seru',
    subtitle: 'Smartphone, laptop, dan aksesoris bergaransi resmi',
    badge: 'ELEKTRONIK',
    url: '/categories/phones-tablets',
    icons: ['laptop', 'phone', 'headphones'],
    palette: 3,
  },
  {
    title: 'Produk Paling Dicari',
    subtitle: 'Pilihan terlaris minggu ini dari para pembeli',
    badge: 'TERLARIS',
    url: '/most-popular',
    icons: ['dress', 'bottle', 'watch'],
    palette: 4,
  },
];

export const ADS: BannerSeed[] = [
  {
    title: 'Kopi Nusantara',
    subtitle: 'Arabika segar dari petani lokal',
    badge: 'BARU',
    url: '/shops/kopi-kintamani-roastery',
    icons: ['mug', 'snack'],
    palette: 5,
  },
  {
    title: 'Perlengkapan Olahraga',
    subtitle: 'Mulai dari Rp49.000',
    badge: 'HEMAT',
    url: '/categories/sports-outdoors',
    icons: ['ball', 'shoe'],
    palette: 2,
  },
  {
    title: 'Cantik Setiap Hari',
    subtitle: 'Skincare terdaftar BPOM',
    badge: 'BEAUTY',
    url: '/categories/health-beauty',
    icons: ['bottle', 'jar'],
    palette: 4,
  },
];

export const LEGAL_PAGES: Array<{ slug: string; title: string; html: string }> = [
  {
    slug: 'terms-and-conditions',
    title: 'Terms & Conditions',
    html: `<h2>Terms &amp; Conditions</h2>
<p>Welcome to ${APP_NAME}. By creating an account or placing an order you agree to these terms. ${APP_NAME} is a marketplace: products are sold by independent shops, and each shop is responsible for the products it lists.</p>
<h3>1. Your account</h3>
<ul><li>You must give a valid email address and mobile number and keep your password secret.</li><li>You are responsible for all activity on your account.</li><li>We may suspend accounts that break these terms or the law.</li></ul>
<h3>2. Orders and payment</h3>
<p>An order is a contract between you and the shop. Prices are shown in Indonesian rupiah and include the product price only; delivery charges and VAT (PPN) are shown before you pay. One checkout creates one order per shop, all settled by one payment.</p>
<h3>3. Delivery</h3>
<p>Shops ship within their stated processing time. The estimated delivery time on each shop page is a guide, not a guarantee.</p>
<h3>4. Returns</h3>
<p>Returns follow our <a href="/return-policy">Return Policy</a>.</p>
<h3>5. Contact</h3>
<p>Questions about these terms: <a href="mailto:halo@pasarnusantara.id">halo@pasarnusantara.id</a>.</p>`,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    html: `<h2>Privacy Policy</h2>
<p>This policy explains what personal data ${APP_NAME} collects, why, and what choices you have. We process personal data in line with Indonesia's Personal Data Protection Law (UU PDP No. 27 of 2022).</p>
<h3>Data we collect</h3>
<ul><li>Account data: name, email address, mobile number, country.</li><li>Order data: delivery addresses, ordered products, payment status.</li><li>Messages you exchange with shops and our support team.</li></ul>
<h3>How we use it</h3>
<p>To run your account, deliver your orders, prevent fraud, answer support requests and, if you agree, send you offers. Shops receive only what they need to fulfil your order.</p>
<h3>Your rights</h3>
<p>You can view and change your profile at any time, and ask us to delete your account by writing to <a href="mailto:privasi@pasarnusantara.id">privasi@pasarnusantara.id</a>.</p>`,
  },
  {
    slug: 'return-policy',
    title: 'Return Policy',
    html: `<h2>Return &amp; Refund Policy</h2>
<p>If something is not right with your order, you can ask for a return within <strong>3 days</strong> after it was delivered.</p>
<h3>What can be returned</h3>
<ul><li>Items that arrived damaged, defective or different from the description.</li><li>Items in their original condition and packaging, with labels attached.</li></ul>
<h3>What cannot be returned</h3>
<ul><li>Opened cosmetics, food and personal care products, unless they arrived damaged.</li><li>Digital products such as phone credit and electricity tokens.</li></ul>
<h3>How refunds work</h3>
<ol><li>Open the order in <em>Order History</em> and choose <em>Return Product</em>.</li><li>The shop reviews the request within 2 working days.</li><li>Once the returned item is received, the refund is sent to the bank account you gave.</li></ol>`,
  },
  {
    slug: 'about-us',
    title: 'About Us',
    html: `<h2>About ${APP_NAME}</h2>
<p>${APP_NAME} brings together independent shops from Aceh to Papua in one marketplace. Batik makers from Solo, coffee roasters from Kintamani, gadget stores in Jakarta and family shops across the archipelago sell directly to shoppers all over Indonesia.</p>
<h3>What we believe</h3>
<ul><li><strong>Local first.</strong> Every shop on ${APP_NAME} is an Indonesian business.</li><li><strong>Fair prices.</strong> Prices, delivery charges and taxes are shown before you pay.</li><li><strong>Safe shopping.</strong> Payments are held until your order is on its way.</li></ul>
<p>Our office: Jl. Jenderal Sudirman Kav. 52-53, Senayan, Jakarta Selatan 12190.</p>`,
  },
];

export const CMS_PAGES: Array<{ slug: string; title: string; html: string }> = [
  {
    slug: 'cara-belanja',
    title: 'Cara Belanja',
    html: `<h2>Cara Belanja di ${APP_NAME}</h2>
<ol><li><strong>Cari produk</strong> lewat kolom pencarian atau jelajahi kategori.</li><li><strong>Pilih varian</strong> warna dan ukuran, lalu klik <em>Tambah ke Keranjang</em> atau <em>Beli Sekarang</em>.</li><li><strong>Buka keranjang</strong>, centang toko yang ingin dibayar, lalu lanjut ke checkout.</li><li><strong>Pilih alamat dan metode pembayaran</strong>: bayar di tempat (COD) atau pembayaran online.</li><li><strong>Lacak pesanan</strong> di menu <em>Riwayat Pesanan</em> sampai barang tiba.</li></ol>
<p>Butuh bantuan? Hubungi kami lewat halaman <a href="/contact-us">Kontak</a>.</p>`,
  },
  {
    slug: 'karir',
    title: 'Karir',
    html: `<h2>Bergabung dengan Tim ${APP_NAME}</h2>
<p>Kami sedang membangun marketplace terbaik untuk UMKM Indonesia dan mencari orang-orang yang ingin berdampak.</p>
<h3>Posisi terbuka</h3>
<ul><li>Software Engineer (Backend, TypeScript), Jakarta atau remote</li><li>Product Designer, Jakarta</li><li>Seller Success Specialist, Surabaya</li></ul>
<p>Kirim CV dan portofolio Anda ke <a href="mailto:karir@pasarnusantara.id">karir@pasarnusantara.id</a>.</p>`,
  },
];

export interface BlogSeed {
  title: string;
  category: string;
  tags: string[];
  icons: ProductIcon[];
  palette: number;
  paragraphs: string[];
  tips: string[];
}

export const BLOG_CATEGORIES: Array<{ slug: string; name: string; id: string; ar: string }> = [
  { slug: 'tips-belanja', name: 'Shopping Tips', id: 'Tips Belanja', ar: 'نصائح التسوق' },
  { slug: 'gaya-hidup', name: 'Lifestyle', id: 'Gaya Hidup', ar: 'أسلوب الحياة' },
  { slug: 'teknologi', name: 'Technology', id: 'Teknologi', ar: 'التكنولوجيا' },
  { slug: 'kisah-umkm', name: 'Seller Stories', id: 'Kisah UMKM', ar: 'قصص البائعين' },
];

export const TAGS = ['Promo', 'Batik', 'Gadget', 'Kopi', 'Skincare', 'UMKM', 'Olahraga', 'Rumah', 'Hemat', 'Panduan'];

export const BLOGS: BlogSeed[] = [
  {
    title: '7 Tips Belanja Online Hemat Saat Harbolnas',
    category: 'tips-belanja',
    tags: ['Promo', 'Hemat', 'Panduan'],
    icons: ['bag', 'phone'],
    palette: 0,
    paragraphs: [
      'Hari Belanja Online Nasional selalu ramai diskon. Agar dompet tetap aman, siapkan daftar belanja sejak jauh hari dan bandingkan harga normal produk incaranmu.',
      'Jangan lupa mengumpulkan voucher toko lebih awal, karena kuotanya terbatas dan biasanya habis di jam-jam pertama.',
    ],
    tips: [
      'Buat daftar prioritas',
      'Simpan produk ke wishlist',
      'Kumpulkan voucher sebelum jam 00.00',
      'Cek ongkir per toko',
      'Pilih toko dengan rating tinggi',
      'Gunakan COD bila ragu',
      'Baca ulasan pembeli',
    ],
  },
  {
    title: 'Mengenal Motif Batik Parang dan Kawung',
    category: 'gaya-hidup',
    tags: ['Batik', 'UMKM'],
    icons: ['shirt', 'dress'],
    palette: 5,
    paragraphs: [
      'Motif parang berbentuk lereng miring yang tak terputus, melambangkan semangat yang tidak pernah padam. Dahulu motif ini hanya dikenakan kalangan keraton.',
      'Kawung tersusun dari empat bulatan yang menyerupai buah aren, melambangkan kesucian dan harapan agar pemakainya berguna bagi sesama.',
    ],
    tips: [
      'Pilih batik tulis untuk acara resmi',
      'Cuci dengan sampo lerak',
      'Jemur di tempat teduh',
      'Setrika dari bagian dalam',
    ],
  },
  {
    title: 'Cara Memilih Smartphone Sesuai Kebutuhan',
    category: 'teknologi',
    tags: ['Gadget', 'Panduan'],
    icons: ['phone', 'tablet'],
    palette: 1,
    paragraphs: [
      'Spesifikasi tinggi belum tentu yang terbaik untukmu. Tentukan dulu kegunaan utama: fotografi, gaming, atau sekadar media sosial dan kerja.',
      'Pastikan IMEI sudah terdaftar dan garansinya resmi agar ponsel bisa dipakai dengan semua operator di Indonesia.',
    ],
    tips: [
      'Tentukan anggaran',
      'Perhatikan kapasitas baterai',
      'Pilih RAM minimal 6GB untuk multitasking',
      'Cek dukungan 5G',
      'Pastikan IMEI terdaftar',
    ],
  },
  {
    title: 'Dari Kebun ke Cangkir: Kisah Kopi Kintamani',
    category: 'kisah-umkm',
    tags: ['Kopi', 'UMKM'],
    icons: ['mug', 'snack'],
    palette: 5,
    paragraphs: [
      'Di lereng Gunung Batur, petani kopi Kintamani menanam arabika di antara pohon jeruk. Perpaduan ini memberi rasa citrus yang khas pada kopinya.',
      'Roastery kecil di Bangli kini menjual kopi mereka ke seluruh Indonesia lewat marketplace, memotong rantai distribusi yang panjang.',
    ],
    tips: [
      'Simpan biji kopi di wadah kedap udara',
      'Giling sesaat sebelum diseduh',
      'Gunakan air 90-96°C',
      'Rasio 1:15 untuk pour over',
    ],
  },
  {
    title: 'Rutinitas Skincare Pagi untuk Iklim Tropis',
    category: 'gaya-hidup',
    tags: ['Skincare', 'Panduan'],
    icons: ['bottle', 'jar'],
    palette: 4,
    paragraphs: [
      'Udara panas dan lembap membuat kulit mudah berminyak. Rutinitas pagi yang ringan justru lebih efektif daripada banyak lapisan produk.',
      'Kunci utamanya adalah membersihkan, melembapkan dengan tekstur gel, dan tidak pernah melewatkan tabir surya.',
    ],
    tips: [
      'Cuci muka dengan pembersih lembut',
      'Gunakan serum niacinamide',
      'Pilih pelembap gel',
      'Pakai sunscreen SPF 50',
      'Ulangi sunscreen setiap 3 jam',
    ],
  },
  {
    title: 'Perlengkapan Wajib untuk Mulai Rutin Lari',
    category: 'tips-belanja',
    tags: ['Olahraga', 'Panduan'],
    icons: ['shoe', 'tshirt'],
    palette: 2,
    paragraphs: [
      'Lari adalah olahraga paling mudah dimulai: cukup sepatu yang tepat dan niat yang kuat. Tapi sepatu yang salah bisa membuat cedera.',
      'Mulailah dengan jarak pendek tiga kali seminggu, lalu tambah perlahan. Catat progresmu agar tetap termotivasi.',
    ],
    tips: ['Sepatu dengan bantalan yang pas', 'Kaos dry-fit', 'Botol minum', 'Jam pintar untuk memantau detak jantung'],
  },
  {
    title: 'Menata Dapur Kecil Agar Tetap Lega',
    category: 'gaya-hidup',
    tags: ['Rumah', 'Hemat'],
    icons: ['pan', 'mug'],
    palette: 5,
    paragraphs: [
      'Dapur mungil bukan halangan untuk memasak dengan nyaman. Kuncinya adalah memanfaatkan ruang vertikal dan memilih peralatan multifungsi.',
      'Wajan anti lengket berukuran 28 cm, misalnya, bisa dipakai menumis, menggoreng, sekaligus memasak nasi goreng untuk satu keluarga.',
    ],
    tips: [
      'Pasang rak dinding',
      'Gunakan kotak penyimpanan bening',
      'Pilih peralatan yang bisa ditumpuk',
      'Singkirkan barang yang jarang dipakai',
    ],
  },
  {
    title: 'Panduan Membeli Laptop untuk Mahasiswa',
    category: 'teknologi',
    tags: ['Gadget', 'Hemat'],
    icons: ['laptop', 'headphones'],
    palette: 2,
    paragraphs: [
      'Mahasiswa butuh laptop yang ringan, baterainya awet, dan cukup kencang untuk mengetik, presentasi, serta kelas daring.',
      'SSD jauh lebih penting daripada prosesor kelas atas: laptop dengan SSD menyala dalam hitungan detik dan terasa jauh lebih responsif.',
    ],
    tips: [
      'Prioritaskan SSD minimal 512GB',
      'RAM 8GB atau lebih',
      'Berat di bawah 1,5 kg',
      'Baterai tahan 8 jam',
      'Cek garansi resmi',
    ],
  },
  {
    title: 'Mengapa Kolektor Menyukai Diecast Skala 1:64',
    category: 'kisah-umkm',
    tags: ['UMKM', 'Promo'],
    icons: ['car', 'robot'],
    palette: 0,
    paragraphs: [
      'Skala 1:64 adalah ukuran yang pas di telapak tangan: detailnya cukup, harganya terjangkau, dan koleksinya mudah dipajang.',
      'Komunitas kolektor di Bekasi rutin bertemu setiap bulan untuk bertukar koleksi dan berburu edisi terbatas.',
    ],
    tips: ['Simpan dalam blister asli', 'Hindari sinar matahari langsung', 'Catat nomor seri edisi terbatas'],
  },
];

export const MENUS = [
  { name: 'Home', url: '/', isExternal: false },
  { name: 'Shops', url: '/shops', isExternal: false },
  { name: 'Most Popular', url: '/most-popular', isExternal: false },
  { name: 'Best Deal', url: '/best-deal', isExternal: false },
  { name: 'Blogs', url: '/blogs', isExternal: false },
  // The Seller Centre is this app's own sign-in page for sellers.
  { name: 'Seller Centre', url: '/shop/login', isExternal: false },
];

export const SOCIAL_LINKS = [
  { name: 'facebook', label: 'f', color: '#1877f2', link: 'https://www.facebook.com/pasarnusantara' },
  { name: 'instagram', label: 'IG', color: '#e1306c', link: 'https://www.instagram.com/pasarnusantara' },
  { name: 'x', label: 'X', color: '#111827', link: 'https://x.com/pasarnusantara' },
  { name: 'youtube', label: '▶', color: '#ff0000', link: 'https://www.youtube.com/@pasarnusantara' },
  { name: 'tiktok', label: '♪', color: '#010101', link: 'https://www.tiktok.com/@pasarnusantara' },
];
