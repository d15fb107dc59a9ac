/** Values shown until an administrator stores a setting (spec §2.1, §2.2 /donate). */
export const DEFAULT_CONTACT_INFO = {
  phone: "+966 13 000 0000",
  email: "info@rifq.org.sa",
  address: "الدمام، المنطقة الشرقية، المملكة العربية السعودية",
};

export const DEFAULT_SOCIAL_LINKS = {
  facebook: "",
  twitter: "",
  instagram: "",
  youtube: "",
};

export const DEFAULT_DONATION_ACCOUNT = {
  title: "تبرّع لدعم كبار السن",
  description:
    "تبرعك يصنع فرقاً حقيقياً في حياة كبار السن في المنطقة الشرقية؛ يصل إلى برامج الرعاية الصحية والدعم النفسي والاجتماعي والخدمات المنزلية.",
  account_number: "",
  bank_name: "",
  iban: "",
};
