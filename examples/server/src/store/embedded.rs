//! The default backend: [redb](https://docs.rs/redb), an embedded,
//! transactional key-value store. Every write is one transaction committed
//! with `Durability::Immediate` (fsync before the commit returns), so an
//! object acknowledged to a client survives `kill -9` and power loss.
//!
//! The revision counter is stored in the same transaction as the object.
//! Watches are served from the last [`HISTORY`] changes kept in memory (a
//! watch from an older revision gets 410 Expired, as after an etcd
//! compaction).

use std::collections::VecDeque;
use std::path::Path;
use std::sync::{Arc, Mutex};

use futures_util::stream::{self, BoxStream, StreamExt};
use redb::{Database, Durability, ReadableTable, TableDefinition};
use tokio::sync::broadcast;

use super::{BoxFut, Event, EventType, Storage, StoreError, Stored};

const OBJECTS: TableDefinition<&str, (u64, &[u8])> = TableDefinition::new("objects");
const META: TableDefinition<&str, u64> = TableDefinition::new("meta");

/// How many changes are kept for watches.
pub const HISTORY: usize = 4096;

/// The redb store.
pub struct Embedded {
    db: Arc<Database>,
    feed: Arc<Mutex<Feed>>,
}

struct Feed {
    history: VecDeque<Event>,
    /// The oldest revision a watch can start after.
    floor: u64,
    tx: broadcast::Sender<Event>,
}

fn internal(e: impl std::fmt::Display) -> StoreError {
    StoreError::Internal(e.to_string())
}

impl Embedded {
    /// Opens (or creates) `dir/widgets.redb`.
    pub fn open(dir: &Path) -> Result<Embedded, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let path = dir.join("widgets.redb");
        let db =
            Database::create(&path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        let txn = db.begin_write().map_err(|e| e.to_string())?;
        let rv = {
            txn.open_table(OBJECTS).map_err(|e| e.to_string())?;
            let meta = txn.open_table(META).map_err(|e| e.to_string())?;
            let rv = meta
                .get("rv")
                .map_err(|e| e.to_string())?
                .map(|g| g.value());
            rv.unwrap_or(0)
        };
        txn.commit().map_err(|e| e.to_string())?;
        let (tx, _) = broadcast::channel(1024);
        Ok(Embedded {
            db: Arc::new(db),
            feed: Arc::new(Mutex::new(Feed {
                history: VecDeque::new(),
                floor: rv,
                tx,
            })),
        })
    }

    /// Runs a write transaction on a blocking thread: `f` gets the objects
    /// table and the next revision, and says what happened.
    async fn write<F>(&self, f: F) -> Result<u64, StoreError>
    where
        F: FnOnce(&mut redb::Table<&str, (u64, &[u8])>, u64) -> Result<Event, StoreError>
            + Send
            + 'static,
    {
        let db = self.db.clone();
        let feed = self.feed.clone();
        tokio::task::spawn_blocking(move || {
            let mut txn = db.begin_write().map_err(internal)?;
            txn.set_durability(Durability::Immediate);
            let event = {
                let mut meta = txn.open_table(META).map_err(internal)?;
                let rv = meta
                    .get("rv")
                    .map_err(internal)?
                    .map(|g| g.value())
                    .unwrap_or(0)
                    + 1;
                let mut objects = txn.open_table(OBJECTS).map_err(internal)?;
                let event = f(&mut objects, rv)?;
                meta.insert("rv", rv).map_err(internal)?;
                event
            };
            // Publish under the feed lock so that a watch started meanwhile
            // sees the change exactly once (history or channel).
            let mut feed = feed.lock().unwrap();
            txn.commit().map_err(internal)?;
            let rv = event.rv;
            if feed.history.len() == HISTORY {
                if let Some(old) = feed.history.pop_front() {
                    feed.floor = old.rv;
                }
            }
            feed.history.push_back(event.clone());
            let _ = feed.tx.send(event);
            Ok(rv)
        })
        .await
        .map_err(internal)?
    }
}

impl Storage for Embedded {
    fn get<'a>(&'a self, key: &'a str) -> BoxFut<'a, Result<Option<Stored>, StoreError>> {
        Box::pin(async move {
            let txn = self.db.begin_read().map_err(internal)?;
            let t = txn.open_table(OBJECTS).map_err(internal)?;
            let got = t.get(key).map_err(internal)?;
            Ok(got.map(|g| {
                let (rv, v) = g.value();
                Stored {
                    value: v.to_vec(),
                    rv,
                }
            }))
        })
    }

    fn list<'a>(
        &'a self,
        prefix: &'a str,
    ) -> BoxFut<'a, Result<(Vec<(String, Stored)>, u64), StoreError>> {
        Box::pin(async move {
            let txn = self.db.begin_read().map_err(internal)?;
            let t = txn.open_table(OBJECTS).map_err(internal)?;
            let meta = txn.open_table(META).map_err(internal)?;
            let rv = meta
                .get("rv")
                .map_err(internal)?
                .map(|g| g.value())
                .unwrap_or(0);
            let mut out = Vec::new();
            for item in t.range(prefix..).map_err(internal)? {
                let (k, v) = item.map_err(internal)?;
                if !k.value().starts_with(prefix) {
                    break;
                }
                let (orv, bytes) = v.value();
                out.push((
                    k.value().to_owned(),
                    Stored {
                        value: bytes.to_vec(),
                        rv: orv,
                    },
                ));
            }
            Ok((out, rv))
        })
    }

    fn create<'a>(&'a self, key: &'a str, value: Vec<u8>) -> BoxFut<'a, Result<u64, StoreError>> {
        let key = key.to_owned();
        Box::pin(self.write(move |t, rv| {
            if t.get(key.as_str()).map_err(internal)?.is_some() {
                return Err(StoreError::Exists);
            }
            t.insert(key.as_str(), (rv, value.as_slice()))
                .map_err(internal)?;
            Ok(Event {
                kind: EventType::Added,
                key,
                value,
                rv,
            })
        }))
    }

    fn update<'a>(
        &'a self,
        key: &'a str,
        value: Vec<u8>,
        expected: u64,
    ) -> BoxFut<'a, Result<u64, StoreError>> {
        let key = key.to_owned();
        Box::pin(self.write(move |t, rv| {
            match t.get(key.as_str()).map_err(internal)? {
                None => return Err(StoreError::NotFound),
                Some(g) if g.value().0 != expected => return Err(StoreError::Conflict),
                Some(_) => {}
            }
            t.insert(key.as_str(), (rv, value.as_slice()))
                .map_err(internal)?;
            Ok(Event {
                kind: EventType::Modified,
                key,
                value,
                rv,
            })
        }))
    }

    fn delete<'a>(&'a self, key: &'a str, expected: u64) -> BoxFut<'a, Result<u64, StoreError>> {
        let key = key.to_owned();
        Box::pin(self.write(move |t, rv| {
            let old = match t.get(key.as_str()).map_err(internal)? {
                None => return Err(StoreError::NotFound),
                Some(g) if g.value().0 != expected => return Err(StoreError::Conflict),
                Some(g) => g.value().1.to_vec(),
            };
            t.remove(key.as_str()).map_err(internal)?;
            Ok(Event {
                kind: EventType::Deleted,
                key,
                value: old,
                rv,
            })
        }))
    }

    fn watch<'a>(
        &'a self,
        prefix: &'a str,
        after: u64,
    ) -> BoxFut<'a, Result<BoxStream<'static, Result<Event, StoreError>>, StoreError>> {
        Box::pin(async move {
            let feed = self.feed.lock().unwrap();
            if after < feed.floor {
                return Err(StoreError::Expired);
            }
            let past: Vec<Event> = feed
                .history
                .iter()
                .filter(|e| e.rv > after)
                .cloned()
                .collect();
            let rx = feed.tx.subscribe();
            drop(feed);
            let prefix = prefix.to_owned();
            let live = stream::unfold(rx, |mut rx| async move {
                match rx.recv().await {
                    Ok(e) => Some((Ok(e), rx)),
                    // Too slow a reader: the client must list again.
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        Some((Err(StoreError::Expired), rx))
                    }
                    Err(broadcast::error::RecvError::Closed) => None,
                }
            });
            let p2 = prefix.clone();
            let s = stream::iter(past.into_iter().map(Ok))
                .chain(live)
                .filter(move |e| {
                    let keep = match e {
                        Ok(e) => e.key.starts_with(&p2),
                        Err(_) => true,
                    };
                    futures_util::future::ready(keep)
                });
            Ok(s.boxed())
        })
    }

    fn name(&self) -> &'static str {
        "redb"
    }
}
