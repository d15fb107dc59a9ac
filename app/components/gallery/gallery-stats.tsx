import { Eye, ImageIcon, Images, type LucideIcon, Video } from "lucide-react";
import { Text } from "~/components/content-block";
import type { galleryStats } from "~/shared/gallery";
import { formatCount } from "./gallery-card";

const CARDS: { key: keyof ReturnType<typeof galleryStats>; label: string; icon: LucideIcon }[] = [
  { key: "total", label: "إجمالي الوسائط", icon: Images },
  { key: "videos", label: "مقاطع الفيديو", icon: Video },
  { key: "images", label: "الصور", icon: ImageIcon },
  { key: "views", label: "إجمالي المشاهدات", icon: Eye },
];

/** The four figures at the top of the media library. */
export function GalleryStats({ stats }: { stats: ReturnType<typeof galleryStats> }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon }) => (
        <div
          key={key}
          className="flex flex-col-reverse items-center gap-1 rounded-2xl border border-line bg-white p-5 text-center shadow-sm"
        >
          {/* A dt must come before its dd; the column is reversed to show the figure first. */}
          <dt className="text-muted">
            <Text k={`stat-${key}`}>{label}</Text>
          </dt>
          <dd className="flex flex-col items-center gap-1">
            <Icon aria-hidden className="size-8 text-primary" />
            <span className="text-3xl font-bold text-primary-dark" data-testid={`stat-${key}`}>
              {formatCount(stats[key])}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
