#!/usr/bin/env bash
# WordPress beside Rifq, for `npm run bench:lighthouse-wordpress` (docs/performance.md, "Beside
# WordPress"). Run as root; safe to run again (it installs, creates and seeds only what is missing,
# and (re)starts what is down). What it sets up is a plain association install:
#   - Debian's `wordpress` (6.1 on bookworm), its default theme Twenty Twenty-Three, its Arabic
#     language files (wordpress-l10n: the site is `ar`, right to left), no caching plugin;
#   - PHP-FPM (Debian's pool and php.ini, OPcache on as shipped), MariaDB (database and user
#     `wordpress_bench`), nginx with its own config, pid and logs in $WP_BENCH_DIR, on
#     127.0.0.1:$WP_BENCH_PORT only;
#   - content like Rifq's demo site: a front page with the latest posts, a news page listing the
#     posts, twelve Arabic posts with a featured image each, a donate page (install.php).
# Nothing is downloaded but Debian's packages. `setup.sh stop` stops this nginx (PHP-FPM and
# MariaDB are left running, as they may serve other things).
set -euo pipefail

PORT="${WP_BENCH_PORT:-8090}"
DIR="${WP_BENCH_DIR:-/tmp/rifq-wordpress-bench}"
HOST=127.0.0.1
URL="http://$HOST:$PORT"
HERE="$(cd "$(dirname "$0")" && pwd)"
CONFIG="/etc/wordpress/config-$HOST.php"
FPM_SOCKET=/run/php/php8.2-fpm.sock

if [ "${1:-}" = stop ]; then
  [ -f "$DIR/nginx.pid" ] && nginx -c "$DIR/nginx.conf" -p "$DIR" -e "$DIR/error.log" -s quit
  exit 0
fi
[ "$(id -u)" = 0 ] || { echo "run as root" >&2; exit 1; }

# 1. Packages (php-fpm first, so apt does not pull Apache's PHP module for `wordpress`).
missing=()
for package in php8.2-fpm php-mysql php wordpress wordpress-theme-twentytwentythree wordpress-l10n; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# 2. MariaDB: up, with the database and its user.
if ! mariadb-admin ping --silent >/dev/null 2>&1; then
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
  for _ in $(seq 60); do mariadb-admin ping --silent >/dev/null 2>&1 && break; sleep 0.5; done
fi
if [ -f "$CONFIG" ]; then
  password="$(sed -n "s/^define('DB_PASSWORD', '\(.*\)');$/\1/p" "$CONFIG")"
else
  password="$(openssl rand -hex 16)"
  sed_salts=()
  for i in 1 2 3 4 5 6 7 8; do sed_salts+=(-e "s/@SALT$i@/$(openssl rand -hex 32)/"); done
  sed -e "s/@DB_PASSWORD@/$password/" "${sed_salts[@]}" "$HERE/config.php.in" >"$CONFIG"
  chown root:www-data "$CONFIG"
  chmod 640 "$CONFIG"
fi
mariadb <<SQL
CREATE DATABASE IF NOT EXISTS wordpress_bench CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS 'wordpress_bench'@'localhost' IDENTIFIED BY '$password';
ALTER USER 'wordpress_bench'@'localhost' IDENTIFIED BY '$password';
GRANT ALL PRIVILEGES ON wordpress_bench.* TO 'wordpress_bench'@'localhost';
SQL

# 3. PHP-FPM (Debian's own config and socket).
start-stop-daemon --start --quiet --oknodo --pidfile /run/php/php8.2-fpm.pid \
  --exec /usr/sbin/php-fpm8.2 -- --daemonize
for _ in $(seq 40); do [ -S "$FPM_SOCKET" ] && break; sleep 0.25; done

# 4. nginx on its own port, config and pid.
mkdir -p "$DIR"
sed -e "s|@DIR@|$DIR|g" -e "s|@PORT@|$PORT|g" -e "s|@SOCKET@|$FPM_SOCKET|g" \
  "$HERE/nginx.conf" >"$DIR/nginx.conf"
nginx -t -q -c "$DIR/nginx.conf" -p "$DIR" -e "$DIR/error.log"
if [ -f "$DIR/nginx.pid" ] && kill -0 "$(cat "$DIR/nginx.pid")" 2>/dev/null; then
  nginx -c "$DIR/nginx.conf" -p "$DIR" -e "$DIR/error.log" -s reload
else
  nginx -c "$DIR/nginx.conf" -p "$DIR" -e "$DIR/error.log"
fi

# 5. The install and the content, without a browser (WordPress's own wp_install()).
HTTP_HOST="$HOST:$PORT" php "$HERE/install.php" "$URL"

for page in / /news/ /donate/; do
  status="$(curl -s -o /dev/null -w '%{http_code}' "$URL$page")"
  [ "$status" = 200 ] || { echo "WordPress's $URL$page answered $status" >&2; exit 1; }
done
echo "WordPress is at $URL/ (pages: / /news/ /<post>/ /donate/)"
