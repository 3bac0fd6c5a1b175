// Clang's thread-safety analysis (-Wthread-safety) as macros, and a Mutex / MutexLock pair
// the analysis understands (libstdc++'s std::mutex carries no annotations). Under other
// compilers the macros expand to nothing and the types are thin wrappers of std::mutex.
//
//   Mutex mutex_;
//   int count_ CUZK_GUARDED_BY(mutex_);
//   void bump_locked() CUZK_REQUIRES(mutex_);
//   { MutexLock lock(mutex_); bump_locked(); lock.unlock(); slow(); lock.lock(); }
//
// Waiting: std::condition_variable_any works with MutexLock (wait(lock, pred)).
#pragma once

#include <mutex>

#if defined(__clang__)
#define CUZK_THREAD_ANNOTATION(x) __attribute__((x))
#else
#define CUZK_THREAD_ANNOTATION(x)
#endif

#define CUZK_CAPABILITY(x) CUZK_THREAD_ANNOTATION(capability(x))
#define CUZK_SCOPED_CAPABILITY CUZK_THREAD_ANNOTATION(scoped_lockable)
#define CUZK_GUARDED_BY(x) CUZK_THREAD_ANNOTATION(guarded_by(x))
#define CUZK_PT_GUARDED_BY(x) CUZK_THREAD_ANNOTATION(pt_guarded_by(x))
#define CUZK_REQUIRES(...) CUZK_THREAD_ANNOTATION(requires_capability(__VA_ARGS__))
#define CUZK_EXCLUDES(...) CUZK_THREAD_ANNOTATION(locks_excluded(__VA_ARGS__))
#define CUZK_ACQUIRE(...) CUZK_THREAD_ANNOTATION(acquire_capability(__VA_ARGS__))
#define CUZK_RELEASE(...) CUZK_THREAD_ANNOTATION(release_capability(__VA_ARGS__))
#define CUZK_NO_THREAD_SAFETY_ANALYSIS CUZK_THREAD_ANNOTATION(no_thread_safety_analysis)

namespace cuzk {

class CUZK_CAPABILITY("mutex") Mutex {
 public:
  void lock() CUZK_ACQUIRE() { m_.lock(); }
  void unlock() CUZK_RELEASE() { m_.unlock(); }
  // For negative requirements: CUZK_REQUIRES(!mutex_) (the caller must not hold it).
  const Mutex& operator!() const { return *this; }

 private:
  std::mutex m_;
};

// Holds `mutex` from construction to destruction; unlock()/lock() release and retake it in
// between (a region of slow work outside the lock).
class CUZK_SCOPED_CAPABILITY MutexLock {
 public:
  explicit MutexLock(Mutex& mutex) CUZK_ACQUIRE(mutex) : mutex_(mutex) { mutex_.lock(); }
  ~MutexLock() CUZK_RELEASE() {
    if (held_) mutex_.unlock();
  }
  MutexLock(const MutexLock&) = delete;
  MutexLock& operator=(const MutexLock&) = delete;

  void lock() CUZK_ACQUIRE() {
    mutex_.lock();
    held_ = true;
  }
  void unlock() CUZK_RELEASE() {
    held_ = false;
    mutex_.unlock();
  }

 private:
  Mutex& mutex_;
  bool held_ = true;
};

}  // namespace cuzk
