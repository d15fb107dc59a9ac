<?php
// `php install.php http://127.0.0.1:8090` (from setup.sh): completes WordPress's install without a
// browser (wp_install(), what wp-admin/install.php?step=2 calls) and writes the content of
// content.php once. Safe to run again: it leaves an installed site and existing pages alone.
if ($argc < 2) {
  fwrite(STDERR, "usage: php install.php http://host:port\n");
  exit(2);
}
$url = rtrim($argv[1], '/');
// Debian's wp-config.php picks /etc/wordpress/config-<host>.php from the request's host.
$_SERVER['HTTP_HOST'] = parse_url($url, PHP_URL_HOST) . ':' . parse_url($url, PHP_URL_PORT);
$_SERVER['REQUEST_URI'] = '/';
define('WP_INSTALLING', true);
// No mail to the administrator about the new site (there is no mail server here).
function wp_new_blog_notification() {}
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/image.php';

$content = require __DIR__ . '/content.php';

if (!is_blog_installed()) {
  // Nobody signs in to this site: the administrator's password is random and not kept.
  wp_install($content['title'], 'admin', 'admin@rifq.local', true, '', wp_generate_password(24), 'ar');
  echo "WordPress installed\n";
}

update_option('siteurl', $url);
update_option('home', $url);
update_option('WPLANG', 'ar');
update_option('blogname', $content['title']);
update_option('blogdescription', $content['tagline']);
update_option('timezone_string', 'Asia/Riyadh');
// Through $wp_rewrite, not the option alone: the rules are built from the object's structure.
$wp_rewrite->set_permalink_structure('/%postname%/');
flush_rewrite_rules();

if (get_page_by_path('donate')) {
  echo "content already there\n";
  exit(0);
}

// The install's own sample post, page and comment: not part of an association's site (the
// comment's avatar would also be a request to gravatar.com).
foreach (get_posts(['post_type' => ['post', 'page'], 'post_status' => 'any', 'numberposts' => -1]) as $sample) {
  wp_delete_post($sample->ID, true);
}

/** A 1200×675 PNG like Rifq's demo images: a gradient of `hue` and a light circle (PHP's GD). */
function rifq_bench_image(string $slug, int $hue): int {
  $width = 1200;
  $height = 675;
  $image = imagecreatetruecolor($width, $height);
  [$r1, $g1, $b1] = rifq_bench_hsl($hue, 0.45, 0.32);
  [$r2, $g2, $b2] = rifq_bench_hsl($hue + 30, 0.5, 0.55);
  for ($x = 0; $x < $width; $x++) {
    $t = $x / ($width - 1);
    $color = imagecolorallocate($image, (int) ($r1 + ($r2 - $r1) * $t), (int) ($g1 + ($g2 - $g1) * $t), (int) ($b1 + ($b2 - $b1) * $t));
    imageline($image, $x, 0, $x, $height, $color);
  }
  imagefilledellipse($image, 980, 160, 180, 180, imagecolorallocatealpha($image, 255, 255, 255, 104));
  ob_start();
  imagepng($image);
  $upload = wp_upload_bits("$slug.png", null, ob_get_clean());
  if ($upload['error']) throw new RuntimeException($upload['error']);
  $id = wp_insert_attachment(['post_mime_type' => 'image/png', 'post_title' => $slug, 'post_status' => 'inherit'], $upload['file']);
  wp_update_attachment_metadata($id, wp_generate_attachment_metadata($id, $upload['file']));
  return $id;
}

/** [r, g, b] 0–255 of an HSL colour. */
function rifq_bench_hsl(float $hue, float $saturation, float $lightness): array {
  $c = (1 - abs(2 * $lightness - 1)) * $saturation;
  $h = fmod($hue, 360) / 60;
  $x = $c * (1 - abs(fmod($h, 2) - 1));
  $m = $lightness - $c / 2;
  [$r, $g, $b] = [[$c, $x, 0], [$x, $c, 0], [0, $c, $x], [0, $x, $c], [$x, 0, $c], [$c, 0, $x]][(int) $h];
  return [($r + $m) * 255, ($g + $m) * 255, ($b + $m) * 255];
}

$categoryIds = [];
foreach ($content['categories'] as $slug => $name) {
  $term = term_exists($slug, 'category') ?: wp_insert_term($name, 'category', ['slug' => $slug]);
  $categoryIds[$slug] = (int) $term['term_id'];
}

// Oldest first, a few days apart, so the newest is the first post of the list.
$posts = array_reverse($content['posts']);
foreach ($posts as $i => [$slug, $category, $hue, $title, $paragraphs]) {
  $id = wp_insert_post([
    'post_type' => 'post',
    'post_status' => 'publish',
    'post_name' => $slug,
    'post_title' => $title,
    'post_content' => rifq_bench_paragraphs($paragraphs),
    'post_category' => [$categoryIds[$category]],
    'post_date' => gmdate('Y-m-d H:i:s', time() - (count($posts) - $i) * 3 * DAY_IN_SECONDS),
    'comment_status' => 'closed',
  ], true);
  if (is_wp_error($id)) throw new RuntimeException($id->get_error_message());
  set_post_thumbnail($id, rifq_bench_image($slug, $hue));
}

$page = fn ($slug, $title, $body) => wp_insert_post([
  'post_type' => 'page',
  'post_status' => 'publish',
  'post_name' => $slug,
  'post_title' => $title,
  'post_content' => $body,
  'comment_status' => 'closed',
]);
$front = $page('home', 'الرئيسية', $content['front']);
$news = $page('news', 'الأخبار', '');
$page('donate', 'تبرع', $content['donate']);
update_option('show_on_front', 'page');
update_option('page_on_front', $front);
update_option('page_for_posts', $news);
echo "content written\n";
