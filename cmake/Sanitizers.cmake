# cardsim_enable_sanitizers(target kind): kind is "" (none), "address"
# (AddressSanitizer with UndefinedBehaviorSanitizer) or "thread" (ThreadSanitizer,
# which cannot be combined with ASan).
function(cardsim_enable_sanitizers target kind)
  if(kind STREQUAL "")
    return()
  elseif(kind STREQUAL "address")
    set(flags -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  elseif(kind STREQUAL "thread")
    set(flags -fsanitize=thread -fno-omit-frame-pointer)
  else()
    message(FATAL_ERROR "CARDSIM_SANITIZER must be empty, 'address' or 'thread', not '${kind}'")
  endif()
  target_compile_options(${target} INTERFACE ${flags})
  target_link_options(${target} INTERFACE ${flags})
endfunction()
