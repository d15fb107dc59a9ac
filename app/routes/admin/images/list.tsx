import { Images } from "lucide-react";
import { useLoaderData } from "react-router";
import { StaffListScreen } from "~/components/admin/list-screen";
import {
  CategoryBadge,
  MediaCard,
  MediaGrid,
  MediaGridItem,
  mediaFacts,
} from "~/components/admin/media-card";
import { StaffRowActions } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { PageLinks } from "~/components/page-links";
import {
  deleteImage,
  listImagesForStaff,
  STAFF_IMAGES_PAGE_SIZE,
  type StaffImageRow,
} from "~/models/images.server";
import { loadStaffList, runListMutation } from "~/services/staff-actions.server";
import { imageSrcSet } from "~/shared/image-rules";
import { pageFrom } from "~/shared/pagination";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "معرض الصور | جمعية رفق" }];

const DELETE_CONFIRMATION =
  "هل أنت متأكد من حذف هذه الصورة؟ لا يمكن التراجع عن هذا الإجراء وسيتم حذفها نهائياً.";
const LOAD_FAILED = "فشل في تحميل الصور";

/** Spec §2.8: the gallery's images, for editors and admins (docs/decisions/020). */
export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const page = pageFrom(request.url);
  const { items, ...list } = await loadStaffList(request, {
    list: async (actor) => [await listImagesForStaff(actor, { q, page })],
    loadFailed: LOAD_FAILED,
    what: "gallery images",
  });
  const [found] = items;
  return {
    images: found?.items ?? [],
    page,
    hasMore: found?.hasMore ?? false,
    total: found?.total ?? 0,
    pageCount: Math.ceil((found?.total ?? 0) / STAFF_IMAGES_PAGE_SIZE),
    q,
    ...list,
  };
}

/** Row buttons: `intent` = delete, with the image's `id` (its files go too). */
export async function action({ request }: Route.ActionArgs) {
  return runListMutation(request, {
    delete: {
      run: deleteImage,
      success: { type: "success", title: "تم الحذف", description: "تم حذف الصورة نهائياً" },
      failure: "فشل في حذف الصورة",
    },
  });
}

function ImageCard({ image }: { image: StaffImageRow }) {
  return (
    <MediaCard
      media={
        <img
          src={image.imageUrl}
          srcSet={imageSrcSet(image.imageUrl)}
          sizes="(min-width: 1280px) 22rem, (min-width: 640px) 45vw, 92vw"
          alt={image.description || image.title}
          loading="lazy"
          className="aspect-video w-full bg-surface object-cover"
        />
      }
      badges={<CategoryBadge name={image.categoryName} />}
      title={image.title}
      description={image.description}
      facts={[mediaFacts.author(image.authorName), mediaFacts.created(image.createdAt)]}
      actions={
        <StaffRowActions
          row={image}
          editTo={STAFF_PATHS.images.edit(image.id)}
          deleteMessage={DELETE_CONFIRMATION}
        />
      }
    />
  );
}

export default function ImagesList() {
  const { images, page, hasMore, total, pageCount, q, loadError } = useLoaderData<typeof loader>();
  return (
    <StaffListScreen
      title="معرض الصور"
      description="ارفع صور فعاليات الجمعية وبرامجها لتظهر في معرض الوسائط."
      addNew={{ to: STAFF_PATHS.images.new, label: "رفع صورة" }}
      search={{
        label: "ابحث في الصور",
        placeholder: "عنوان أو كلمة من الوصف",
        active: Boolean(q),
      }}
      loadError={loadError}
      // The whole list's count: a page past the end (after a delete) still links back.
      itemCount={total}
      empty={{
        icon: Images,
        title: "لا توجد صور بعد",
        text: "لم تُرفع أي صورة حتى الآن. ارفع صور الفعاليات والبرامج لتظهر في معرض الوسائط.",
        addFirstLabel: "ارفع أول صورة",
      }}
    >
      <MediaGrid grid="compact" label="قائمة الصور">
        {images.map((image) => (
          <MediaGridItem key={image.id}>
            <ImageCard image={image} />
          </MediaGridItem>
        ))}
      </MediaGrid>
      <PageLinks
        page={page}
        hasMore={hasMore}
        pageCount={pageCount}
        label="صفحات الصور"
        newer="الصور الأحدث"
        older="الصور الأقدم"
      />
    </StaffListScreen>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
