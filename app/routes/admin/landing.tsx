import {
  FileText,
  Globe,
  Image,
  LayoutDashboard,
  LogOut,
  Settings,
  Tags,
  Users,
  Video,
} from "lucide-react";
import { Form, Link, useLoaderData } from "react-router";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { AssociationLogo } from "~/components/logo";
import { Button, buttonClass } from "~/components/ui/button";
import { requireRole } from "~/services/permissions.server";
import type { Route } from "./+types/landing";

export const meta: Route.MetaFunction = () => [{ title: "الإدارة | جمعية رفق" }];

/** The sections an administrator opens from here (spec §2.4), each with an open button. */
const CARDS = [
  {
    to: STAFF_PATHS.overview,
    icon: LayoutDashboard,
    title: "لوحة التحكم",
    description: "نظرة عامة على المحتوى وآخر النشاطات",
  },
  {
    to: STAFF_PATHS.posts.list,
    icon: FileText,
    title: "المقالات والأخبار",
    description: "إضافة المقالات وتحريرها ونشرها",
  },
  {
    to: STAFF_PATHS.videos.list,
    icon: Video,
    title: "الفيديوهات",
    description: "إدارة فيديوهات يوتيوب المعروضة في الموقع",
  },
  {
    to: STAFF_PATHS.images.list,
    icon: Image,
    title: "معرض الصور",
    description: "رفع صور الجمعية وتنظيمها",
  },
  {
    to: STAFF_PATHS.categories,
    icon: Tags,
    title: "التصنيفات",
    description: "تصنيفات المقالات والفيديوهات والصور",
  },
  {
    to: STAFF_PATHS.users,
    icon: Users,
    title: "المستخدمون",
    description: "إدارة حسابات الفريق وأدوارهم",
  },
  {
    to: STAFF_PATHS.settings,
    icon: Settings,
    title: "الإعدادات",
    description: "التواصل والتبرعات والتسجيل ورابط الموقع",
  },
];

/** The administrators' landing page (spec §2.4). */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireRole(request, "admin");
  return { fullName: admin.fullName };
}

export default function AdminLanding() {
  const { fullName } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-surface">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 md:px-6">
          <Link to={STAFF_PATHS.site} aria-label="الموقع الرئيسي">
            <AssociationLogo />
          </Link>
          <div className="flex flex-wrap items-center gap-2">
            <Link to={STAFF_PATHS.site} className={buttonClass("ghost", "sm")}>
              <Globe aria-hidden className="size-4" />
              الموقع الرئيسي
            </Link>
            {/* Sign-out returns to the home page (spec §2.4). */}
            <Form method="post" action={STAFF_PATHS.logout}>
              <input type="hidden" name="from" value="admin" />
              <Button variant="outline" size="sm" type="submit">
                <LogOut aria-hidden className="size-4" />
                تسجيل الخروج
              </Button>
            </Form>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-8 md:px-6">
        <div className="space-y-1">
          <h1 className="text-3xl">إدارة الموقع</h1>
          <p className="text-lg text-muted">
            أهلاً {fullName || "مدير"}، اختر القسم الذي تريد إدارته.
          </p>
        </div>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {CARDS.map(({ to, icon: Icon, title, description }) => (
            <li
              key={to}
              className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-6 shadow-sm transition hover:shadow-md"
            >
              <span className="w-fit rounded-xl bg-primary-light p-3 text-primary">
                <Icon aria-hidden className="size-7" />
              </span>
              <h2 className="text-xl">{title}</h2>
              <p className="flex-1 text-muted">{description}</p>
              <Link to={to} className={buttonClass("default")} aria-label={`فتح ${title}`}>
                فتح
              </Link>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
