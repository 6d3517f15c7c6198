! mpi-job-sum.f90 - a Fortran MPI program for the in-job sum
! (e2e-job-sum.sh): each rank calls work 1,000 times, then MPI_FINALIZE
! (Open MPI's Fortran binding calls PMPI_Finalize: the PMPI wrappers,
! which are C's, do not see it).
program job_sum
  use mpi
  integer :: ierr, rank, i
  real(8) :: x
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  x = 0
  do i = 1, 1000
    call work(x)
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
contains
  subroutine work(x)
    real(8) :: x
    x = x + 1
  end subroutine
end program
