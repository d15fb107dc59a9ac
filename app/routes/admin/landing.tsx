import { FileText, Image, LayoutDashboard, LogOut, Settings, Users, Video } from "lucide-react";
import { Form, Link, useLoaderData } from "react-router";
import { AssociationLogo } from "~/components/logo";
import { Button, buttonClass } from "~/components/ui/button";
import { requireRole } from "~/utils/permissions.server";
import type { Route } from "./+types/landing";

export const meta: Route.MetaFunction = () => [{ title: "الإدارة | جمعية رفق" }];

const CARDS = [
  {
    to: "/admin/dashboard",
    icon: LayoutDashboard,
    title: "لوحة التحكم",
    description: "نظرة عامة على المحتوى والإحصاءات",
  },
  {
    to: "/admin/dashboard/posts",
    icon: FileText,
    title: "المقالات والأخبار",
    description: "إضافة المقالات وتحريرها ونشرها",
  },
  {
    to: "/admin/dashboard/videos",
    icon: Video,
    title: "الفيديوهات",
    description: "إدارة فيديوهات يوتيوب المعروضة في الموقع",
  },
  {
    to: "/admin/dashboard/images",
    icon: Image,
    title: "معرض الصور",
    description: "رفع صور الجمعية وتنظيمها",
  },
  {
    to: "/admin/dashboard/users",
    icon: Users,
    title: "المستخدمون",
    description: "إدارة حسابات الفريق وأدوارهم",
  },
  {
    to: "/admin/dashboard/settings",
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
    <main className="min-h-screen bg-surface">
      <header className="flex items-center justify-between gap-4 border-b border-line bg-white px-6 py-3">
        <Link to="/" aria-label="الموقع الرئيسي">
          <AssociationLogo />
        </Link>
        <Form method="post" action="/logout">
          <Button variant="outline" size="sm" type="submit">
            <LogOut aria-hidden className="size-4" />
            تسجيل الخروج
          </Button>
        </Form>
      </header>
      <div className="mx-auto max-w-6xl space-y-8 p-6">
        <div>
          <h1 className="text-3xl">إدارة الموقع</h1>
          <p className="text-muted">أهلاً {fullName || "مدير"}، اختر القسم الذي تريد إدارته.</p>
        </div>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {CARDS.map(({ to, icon: Icon, title, description }) => (
            <li
              key={to}
              className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-6 shadow-sm"
            >
              <Icon aria-hidden className="size-8 text-primary" />
              <h2 className="text-xl">{title}</h2>
              <p className="flex-1 text-muted">{description}</p>
              <Link to={to} className={buttonClass("default", "sm")} aria-label={`فتح ${title}`}>
                فتح
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
