/** A city of the service area with its §9 figures. */
export interface City {
  key: string;
  name: string;
  description: string;
  /** Elderly people living in the city. */
  elderly: number;
  healthFacilities: number;
}

/** The six cities of /about/service-area, with the figures of spec §9. */
export const CITIES: City[] = [
  {
    key: "dammam",
    name: "الدمام",
    description: "حاضرة المنطقة الشرقية ومقر الجمعية الرئيس، ومنها تنطلق خدماتنا إلى بقية المدن.",
    elderly: 50_000,
    healthFacilities: 15,
  },
  {
    key: "khobar",
    name: "الخبر",
    description: "مدينة ساحلية نابضة بالحياة، نقدّم فيها الخدمات المنزلية والبرامج الاجتماعية.",
    elderly: 35_000,
    healthFacilities: 12,
  },
  {
    key: "dhahran",
    name: "الظهران",
    description:
      "مدينة المعرفة والطاقة، نتعاون فيها مع المؤسسات الأكاديمية في برامج التعلّم والبحث.",
    elderly: 25_000,
    healthFacilities: 8,
  },
  {
    key: "qatif",
    name: "القطيف",
    description: "واحة عريقة بمجتمع مترابط، وفيها أكبر عدد من المنشآت الصحية في نطاق خدمتنا.",
    elderly: 40_000,
    healthFacilities: 18,
  },
  {
    key: "jubail",
    name: "الجبيل",
    description:
      "مدينة صناعية حديثة، نعمل فيها مع شركائنا من القطاع الخاص على برامج الرعاية والتمكين.",
    elderly: 30_000,
    healthFacilities: 10,
  },
  {
    key: "ahsa",
    name: "الأحساء",
    description: "أكبر واحات النخيل في العالم، بتراثها العريق ومجتمعها الذي يُجلّ كباره.",
    elderly: 20_000,
    healthFacilities: 14,
  },
];

/** The Eastern Province overview, summed from the cities so the two never disagree. */
export const SERVICE_AREA = {
  elderly: CITIES.reduce((sum, city) => sum + city.elderly, 0),
  cities: CITIES.length,
  healthFacilities: CITIES.reduce((sum, city) => sum + city.healthFacilities, 0),
};
