import {
  Award,
  Briefcase,
  Dumbbell,
  Eye,
  Flag,
  GraduationCap,
  HandHeart,
  HeartHandshake,
  HeartPulse,
  Lightbulb,
  type LucideIcon,
  MapPin,
  Megaphone,
  Music,
  Newspaper,
  Palette,
  Sprout,
  Stethoscope,
  Target,
  TrendingUp,
  Users,
} from "lucide-react";
import { CardFrame, CardGrid, CardIconBox, CardMore } from "~/components/page";
import type { CardIcon, PageCard } from "~/shared/page-blocks";

/**
 * A page's card list, drawn with the public pages' card markup (InfoCard's look, without its
 * in-place editable texts: a page's cards are edited in its form). The shared card-list
 * component of the editable lists replaces this file at merge.
 */
export const CARD_ICON_COMPONENTS: Record<CardIcon, LucideIcon> = {
  heart: HeartHandshake,
  "heart-pulse": HeartPulse,
  users: Users,
  "hand-heart": HandHeart,
  stethoscope: Stethoscope,
  "graduation-cap": GraduationCap,
  briefcase: Briefcase,
  palette: Palette,
  music: Music,
  dumbbell: Dumbbell,
  lightbulb: Lightbulb,
  target: Target,
  flag: Flag,
  award: Award,
  megaphone: Megaphone,
  "map-pin": MapPin,
  newspaper: Newspaper,
  sprout: Sprout,
  "trending-up": TrendingUp,
  eye: Eye,
};

/** `level`: the cards' heading level, one below the heading they sit under (h1 or a list's h2). */
export function PageCardList({ items, level = 3 }: { items: readonly PageCard[]; level?: 2 | 3 }) {
  return (
    <CardGrid>
      {items.map((item, index) => (
        <PageCardItem key={`${index}-${item.title}`} item={item} level={level} />
      ))}
    </CardGrid>
  );
}

function PageCardItem({ item, level }: { item: PageCard; level: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  const Icon = CARD_ICON_COMPONENTS[item.icon] ?? HeartHandshake;
  return (
    <CardFrame to={item.link}>
      <CardIconBox icon={Icon} />
      <Heading className="mb-2 text-xl">{item.title}</Heading>
      {item.text && <p className="whitespace-pre-line text-muted">{item.text}</p>}
      {item.link && <CardMore>اقرأ المزيد</CardMore>}
    </CardFrame>
  );
}
