/* The system's SQLite 3 (Debian's libsqlite3-dev): the gallery's index of dates taken. */
#pragma once
#include <sqlite3.h>
