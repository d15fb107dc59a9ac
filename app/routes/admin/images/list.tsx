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
import {
  deleteImage,
  listImagesForStaff,
  STAFF_IMAGES_PAGE_SIZE,
  type StaffImageRow,
} from "~/models/images.server";
import { runListMutation } from "~/services/staff-actions.server";
import { loadStaffPage } from "~/services/staff-pages.server";
import { imageSrcSet } from "~/shared/image-rules";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "معرض الصور | جمعية رفق" }];

const DELETE_CONFIRMATION =
  "هل أنت متأكد من حذف هذه الصورة؟ لا يمكن التراجع عن هذا الإجراء وسيتم حذفها نهائياً.";
const LOAD_FAILED = "فشل في تحميل الصور";

/** Spec §2.8: the gallery's images, for editors and admins (docs/decisions/020). */
export async function loader({ request }: Route.LoaderArgs) {
  const { items, ...list } = await loadStaffPage(request, {
    list: listImagesForStaff,
    pageSize: STAFF_IMAGES_PAGE_SIZE,
    loadFailed: LOAD_FAILED,
    what: "gallery images",
  });
  return { images: items, ...list };
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
  const { images, q, loadError, ...pages } = useLoaderData<typeof loader>();
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
      pages={{ ...pages, label: "صفحات الصور", newer: "الصور الأحدث", older: "الصور الأقدم" }}
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
    </StaffListScreen>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
